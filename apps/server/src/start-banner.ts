import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config/env.ts';
import type { Database } from './db/schema.ts';
import { enabledUsersNamed } from './db/repositories/users.repository.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/seed-demo.ts';
import { verifyPassword } from './security/password.ts';

/** What the start banner says: where to go, who can sign in, where the data is, what is logged. */
export interface BannerFacts {
  url: string;
  /** Demo users that can sign in with the demo password now (enabled, password unchanged). */
  demoUsers: readonly string[];
  config: Pick<Config, 'database' | 'dataDir' | 's3' | 'mail' | 'logLevel'>;
}

/** A PostgreSQL URL without its user and password: host, port and database. */
function databaseWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'the DATABASE_URL';
  }
}

const LOGGED: Record<string, string> = {
  silent: 'nothing',
  fatal: 'fatal errors only',
  error: 'errors only',
  warn: 'warnings and errors',
  info: 'every request',
  debug: 'every request, with debugging detail',
  trace: 'everything',
};

/**
 * The few lines `npm start` prints once the server listens (after "3DS is ready at …", which scripts
 * wait for): the address, the demo sign-ins, where the data lives and what the log shows.
 */
export function startBanner({ url, demoUsers, config }: BannerFacts): string {
  const dataDir = resolve(config.dataDir);
  const database =
    config.database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${resolve(config.database.dataDir)}` : `PostgreSQL at ${databaseWhere(config.database.url)}`;
  const files = config.s3 ? `S3 bucket ${config.s3.bucket}` : `${dataDir}/files`;
  const mail = config.mail.smtpUrl ? 'sent over SMTP' : `written to ${dataDir}/outbox`;
  const users =
    demoUsers.length === 0
      ? null
      : `${demoUsers.length === 1 ? demoUsers[0] : `${demoUsers.slice(0, -1).join(', ')} or ${demoUsers.at(-1)}`}, password "${DEMO_PASSWORD}" (demo users)`;
  const quieter = config.logLevel === 'warn' ? ' (LOG_LEVEL=info logs every request)' : '';
  return [
    `3DS is ready at ${url}`,
    ...(users ? [`  Sign in:   ${users}`] : []),
    `  Database:  ${database}`,
    `  Files:     ${files}; mail ${mail}`,
    `  Log:       ${LOGGED[config.logLevel] ?? config.logLevel}${quieter}`,
    '  Stop:      Ctrl+C',
  ].join('\n');
}

/** The demo users that exist, are enabled and still have the demo password, in the README's order. */
export async function demoSignIns(db: Kysely<Database>): Promise<string[]> {
  const names = DEMO_USERS.map((u) => u.username);
  const rows = await enabledUsersNamed(db, names);
  const usable = await Promise.all(rows.map(async (row) => ((await verifyPassword(DEMO_PASSWORD, row.password_hash)) ? row.username : null)));
  return names.filter((name) => usable.includes(name));
}
