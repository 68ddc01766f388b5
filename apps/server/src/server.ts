import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { DatabaseUnreachableError } from './db/database.ts';
import { createFileStore } from './files/file-store.ts';
import { lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { auditLogGuardText, DatabaseSetupError, prepareDatabase } from './db/prepare-database.ts';
import { seedDemoIfEmpty } from './seed/seed-demo.ts';
import { countUsers } from './db/repositories/users.repository.ts';
import { resolveJwtSecret } from './security/jwt-secret.ts';
import { demoSignIns, startBanner } from './start-banner.ts';

/**
 * Start-up: configuration → database → migrations (as the owner, when DATABASE_ADMIN_URL names one)
 * and the check of who may rewrite the audit log → demo seed → file store (removing what killed
 * processes left half-written) → listen; graceful close on signals.
 */
async function main() {
  const config = loadConfig();
  const unlock = config.database.kind === 'pglite' ? await lockEmbeddedDatabase(config.database.dataDir) : undefined;
  const { database, admin, applied, guard, role } = await prepareDatabase(config);
  const jwtSecret = await resolveJwtSecret(config);
  // The demo seed sets the id sequences after inserting, which only the owner may do in a two-role set-up.
  if (config.demo && guard === 'two-roles' && !admin && (await countUsers(database.db)) === 0) {
    throw new DatabaseSetupError(`DEMO=1 on an empty database needs DATABASE_ADMIN_URL: the demo seed sets the id sequences, which the server's role ${role} may not`);
  }
  const seeded = config.demo ? await seedDemoIfEmpty(admin ?? database) : false;
  await admin?.close();

  const fileStore = createFileStore(config);
  const abandoned = await fileStore.removeAbandonedWrites();

  const app = await buildApp({ config, database, jwtSecret, fileStore });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  app.log[guard === 'one-role' ? 'warn' : 'info'](auditLogGuardText(guard, role));
  if (abandoned.length) app.log.warn({ files: abandoned }, 'unfinished file writes of stopped processes removed');
  if (seeded) app.log.info('demo data created (users admin, clerk, viewer; password "demo")');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await unlock?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shown}:${(app.server.address() as { port: number }).port}/3ds/`;
  // Not a log line: printed whatever LOG_LEVEL is, for the person who started the server.
  const demoUsers = config.demo ? await demoSignIns(database.db) : [];
  process.stdout.write(`${startBanner({ url, demoUsers, config })}\n`);
}

main().catch((error: unknown) => {
  // One clear line for the errors a person can fix; the stack only for the unexpected.
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError || error instanceof DatabaseSetupError) {
    console.error(`3DS cannot start: ${error.message}`);
  } else if (error instanceof Error && /in use by process/.test(error.message)) {
    console.error(`3DS cannot start: ${error.message}`);
  } else {
    console.error('3DS cannot start:', error);
  }
  process.exit(1);
});
