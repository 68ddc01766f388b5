import { openPostgres } from '../../src/db/database.ts';

/** The same server and credentials, another database. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The maintenance database, to create and drop test databases from. */
export function adminUrl(base: string): string {
  return databaseUrl(base, 'postgres');
}

export async function dropDatabase(base: string, name: string): Promise<void> {
  const admin = openPostgres(adminUrl(base), 1);
  try {
    await admin.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}
