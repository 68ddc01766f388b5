import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { adminUrl, databaseUrl, dropDatabase } from './postgres.ts';

export type Template = 'empty' | 'demo';

/** A test database: the owner's handle, and on PostgreSQL the URL of the server's role (global-setup.ts). */
export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL: the same database as the role a server works as, which may only read and append to audit_log. */
  serverUrl?: string;
}

/** The URL of a test database as the run's server role (PostgreSQL). */
export function serverRoleUrl(database: string): string {
  const where = inject('testDatabases');
  if (where.kind !== 'postgres') throw new Error('The server role exists on PostgreSQL only');
  const url = new URL(databaseUrl(where.url, database));
  url.username = where.serverRole.name;
  url.password = where.serverRole.password;
  return url.toString();
}

/** A fresh database cloned from a migrated template; closing it drops it (PostgreSQL). */
export async function createTestDatabase(template: Template = 'empty'): Promise<TestDatabase> {
  const where = inject('testDatabases');
  if (where.kind === 'pglite') {
    const tarball = await readFile(where[template]);
    return openPglite(undefined, new Blob([tarball]));
  }
  const name = `tds_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl(where.url), 1);
  try {
    await admin.execScript(`CREATE DATABASE ${name} TEMPLATE ${where[template]}`);
  } finally {
    await admin.close();
  }
  const handle = openPostgres(databaseUrl(where.url, name), 5);
  return {
    ...handle,
    serverUrl: serverRoleUrl(name),
    async close() {
      await handle.close();
      await dropDatabase(where.url, name);
    },
  };
}
