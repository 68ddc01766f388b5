import { loadConfig } from '../config/env.ts';
import { lockEmbeddedDatabase } from '../db/embedded-lock.ts';
import { auditLogGuardText, prepareDatabase } from '../db/prepare-database.ts';

const USAGE = `Migrate the 3DS database, as a server's start would, and exit.

  DATABASE_ADMIN_URL=postgres://owner@host/db DATABASE_URL=postgres://server@host/db npm run migrate

With both URLs (two roles), the owner applies the migrations and grants the server's role what it
may do: read and write the record tables, only read and append to the audit log. A server started
afterwards with DATABASE_URL alone then needs no owner's password. With DATABASE_URL alone (one
role) or on the embedded database (DATA_DIR), the one role migrates.`;

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const unlock = config.database.kind === 'pglite' ? await lockEmbeddedDatabase(config.database.dataDir) : undefined;
  try {
    const { database, admin, applied, guard, role } = await prepareDatabase(config);
    await admin?.close();
    await database.close();
    console.log(applied.length ? `Applied ${applied.join(', ')}.` : 'The database was migrated already.');
    console.log(auditLogGuardText(guard, role));
  } finally {
    await unlock?.();
  }
}

main().catch((error: unknown) => {
  console.error(`3DS cannot migrate: ${error instanceof Error && error.name !== 'Error' ? error.message : String(error)}`);
  process.exit(1);
});
