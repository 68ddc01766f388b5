import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../../../src/db/database.ts';
import { migrate } from '../../../src/db/migrate.ts';
import type { Database } from '../../../src/db/schema.ts';
import { adminUrl, databaseUrl, dropDatabase } from '../../support/postgres.ts';

/** A migrated PostgreSQL database of its own, for server processes and the test's own checks. */
export interface ReliabilityDatabase {
  name: string;
  /** The database's URL, for `DATABASE_URL`. */
  url: string;
  /** The PostgreSQL server behind it, for a proxy to forward to. */
  host: string;
  port: number;
  /** The test's own connection (record factories take it). */
  db: Kysely<Database>;
  /** Plain SQL on the test's own connection. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A connection of its own, to hold a transaction open while servers wait for it; release it after. */
  connect(): Promise<pg.PoolClient>;
  /** Closes the test's connections and drops the database, whoever is still connected. */
  drop(): Promise<void>;
}

export function testDatabaseBase(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('The reliability tests need TEST_DATABASE_URL (a PostgreSQL server to create databases on).');
  return base;
}

/** Creates a database with a unique name and applies the migrations to it. */
export async function createReliabilityDatabase(): Promise<ReliabilityDatabase> {
  const base = testDatabaseBase();
  const name = `tds_rel_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl(base), 1);
  try {
    await admin.execScript(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = databaseUrl(base, name);
  const migrator = openPostgres(url, 1);
  try {
    await migrate(migrator);
  } finally {
    await migrator.close();
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    name,
    url,
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    db,
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    connect: () => pool.connect(),
    async drop() {
      await db.destroy();
      await dropDatabase(base, name);
    },
  };
}

/** `url` with `application_name` set, so that a test can find one server's connections in pg_stat_activity. */
export function withApplicationName(url: string, applicationName: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}
