import { mkdir } from 'node:fs/promises';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/env.ts';
import { cancellablePool } from './cancel.ts';
import { EmbeddedChangeFeed, PostgresChangeFeed, CHANNELS, type ChangeFeed } from './change-feed.ts';
import type { Database } from './schema.ts';
import { prepareMarkedStatements } from './prepared.ts';

// Dates and timestamps come back as text for `date` (no time-zone shifts) and Date for timestamptz;
// bigint counts as numbers (they never exceed 2^53 here) and numeric as numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

const PGLITE_PARSERS = {
  1082: (v: string) => v, // date
  20: (v: string) => Number(v), // int8
  1700: (v: string) => Number(v), // numeric
};

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Runs a multi-statement SQL script (migrations) outside the query builder. */
  execScript(sqlText: string): Promise<void>;
  /** Starts receiving the database's change notices (db/change-feed.ts); close it before the handle. */
  openFeed(): Promise<ChangeFeed>;
  /** PGlite only: the whole database as a tarball, to clone test databases from a template. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  // JIT compilation off: 3DS's statements read a page or a count through indexes, and a plan the
  // planner costs high (a read it will never start, a guessed join) compiled its expressions first —
  // 60–130 ms added to finds that run in 100–250 ms at a million line items (docs/performance.md).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, options: '-c jit=off' });
  // A connection that dies (database restart, network cut) makes its client emit 'error', and an
  // 'error' event nobody listens to ends the process. The pool listens while a client is idle; while
  // a client is checked out, nobody does: the listener below does. The query in flight fails on its
  // own (the error handler answers 503) and the pool drops the broken client when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    prepareMarkedStatements(client);
  });
  // Cancels go through connections of their own: a full pool must not hold up the cancel that frees it.
  const control = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 5000, allowExitOnIdle: true });
  control.on('error', () => {});
  const cancelBackend = async (pid: number) => {
    await control.query('SELECT pg_cancel_backend($1)', [pid]);
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: cancellablePool(pool, cancelBackend) }) });
  return {
    db,
    kind: 'postgres',
    async execScript(sqlText) {
      await pool.query(sqlText);
    },
    async openFeed() {
      const feed = new PostgresChangeFeed(url, async (marker) => {
        await pool.query('SELECT pg_notify($1, $2)', [CHANNELS.sync, marker]);
      });
      await feed.start();
      return feed;
    },
    async close() {
      await db.destroy();
      // Kysely ends the pool only if it ever used it; a handle used for scripts alone ends it here.
      if (!pool.ended) await pool.end();
      if (!control.ended) await control.end();
    },
  };
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Loaded only when used: a server on PostgreSQL never pays for the WebAssembly build.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: PGLITE_PARSERS,
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    async execScript(sqlText) {
      await pglite.exec(sqlText);
    },
    async openFeed() {
      // Through Kysely, whose one connection is taken in turn: sent on the side, the marker could land
      // inside another request's open transaction and arrive only when (or if) that one commits.
      const feed = new EmbeddedChangeFeed(async (marker) => {
        await sql`SELECT pg_notify(${CHANNELS.sync}, ${marker})`.execute(db);
      });
      await feed.start((channel, callback) => pglite.listen(channel, callback));
      return feed;
    },
    dump: () => pglite.dumpDataDir('none'),
    close: () => db.destroy(),
  };
}

/** Opens the configured database and proves it answers, or throws one clear error. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle =
    config.database.kind === 'postgres'
      ? openPostgres(config.database.url, config.database.poolSize)
      : await openPglite(config.database.dataDir);
  try {
    await handle.execScript('SELECT 1');
  } catch (error) {
    await handle.close().catch(() => {});
    const where = config.database.kind === 'postgres' ? redactUrl(config.database.url) : config.database.dataDir;
    throw new DatabaseUnreachableError(`Cannot reach the database at ${where}: ${(error as Error).message}`);
  }
  return handle;
}

/** A database URL fit for a message: the password hidden. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}
