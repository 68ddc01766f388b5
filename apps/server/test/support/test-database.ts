import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { adminUrl, databaseUrl, dropDatabase } from './postgres.ts';

export type Template = 'empty' | 'demo';

/** A fresh database cloned from a migrated template; closing it drops it (PostgreSQL). */
export async function createTestDatabase(template: Template = 'empty'): Promise<DatabaseHandle> {
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
    async close() {
      await handle.close();
      await dropDatabase(where.url, name);
    },
  };
}
