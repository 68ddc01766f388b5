import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStore, type FileStore } from '../../src/files/file-store.ts';
import { TokenSigner } from '../../src/security/tokens.ts';
import { createTestDatabase, type Template } from './test-database.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  app: FastifyInstance;
  /** The tests' own database handle: the owner's. */
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  /** What the app itself works through (on PostgreSQL the server role's connection, without `wrapDb`): to watch its statements. */
  appDb: DatabaseHandle['db'];
  /** Moves the application's clock. */
  clock: { now: Date; advance(ms: number): void };
  /** The data directory (mail outbox) of this app: a fresh temporary one. */
  dataDir: string;
  /** The file store: the one given to buildTestApp, or a fresh one in a temporary directory. */
  fileStore: FileStore;
  /** A bearer token of a new live session for an existing user, without the cost of a login. */
  tokenFor(username: string): Promise<string>;
  /** `app.inject` as the given user (a session is made on first use). */
  injectAs(username: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function buildTestApp(
  options: {
    template?: Template;
    webRoot?: string;
    fileStore?: FileStore;
    env?: Record<string, string>;
    logger?: object;
    /** What the app sees of the database, e.g. with a plugin that holds a statement (the tests' own `db` stays plain). */
    wrapDb?: (db: Kysely<Database>) => Kysely<Database>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.template ?? 'empty');
  // On PostgreSQL the app works as a server's role of the two-role set-up (global-setup.ts), which
  // may only read and append to audit_log; the tests' own `db` is the owner's.
  const served = database.serverUrl ? openPostgres(database.serverUrl, 5) : database;
  const filesDir = options.fileStore ? undefined : await mkdtemp(join(tmpdir(), '3ds-files-'));
  const fileStore = options.fileStore ?? new LocalFileStore(filesDir!);
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const dataDir = await mkdtemp(join(tmpdir(), '3ds-data-'));
  // Tests sign in often from one address; a test of the throttle sets LOGIN_RATE_LIMIT_PER_MINUTE lower.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOGIN_RATE_LIMIT_PER_MINUTE: '10000', ...options.env });
  const app = await buildApp({
    config,
    database: options.wrapDb ? { ...served, db: options.wrapDb(served.db) } : served,
    jwtSecret: TEST_JWT_SECRET,
    now: () => clock.now,
    sleep: async () => {},
    backgroundJobs: false,
    logger: options.logger ?? false,
    webRoot: options.webRoot ?? '/nonexistent-web-root',
    fileStore,
  });
  await app.ready();
  const signer = new TokenSigner(TEST_JWT_SECRET);
  const tokens = new Map<string, string>();

  async function tokenFor(username: string): Promise<string> {
    const user = await database.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    const sid = randomUUID();
    const expiresAt = new Date(clock.now.getTime() + 8 * 3600_000);
    await database.db.insertInto('sessions').values({ id: sid, user_id: user.id, expires_at: expiresAt, revoked_at: null, ip: null, user_agent: 'test' }).execute();
    return signer.sign(
      { sub: user.username, sid, isDataEntryUser: false, access: { parentOrganization: user.parent_organization, privileges: user.privileges } },
      clock.now,
      expiresAt,
    );
  }

  return {
    app,
    database,
    db: database.db,
    appDb: served.db,
    dataDir,
    clock,
    fileStore,
    tokenFor,
    async injectAs(username, injectOptions) {
      let token = tokens.get(username);
      if (!token) {
        token = await tokenFor(username);
        tokens.set(username, token);
      }
      return app.inject({ ...injectOptions, headers: { ...injectOptions.headers, authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      // The app closed its own handle; the owner's drops the database.
      if (served !== database) await database.close();
      if (filesDir) await rm(filesDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
