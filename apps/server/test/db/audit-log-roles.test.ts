import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { compactChangeLog } from '../../src/records/count-cache.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { actsAsOwner, auditLogWeaknesses, quoteIdent, serverRoleFacts } from '../../src/db/database-roles.ts';
import { DatabaseSetupError, prepareDatabase, type PreparedDatabase } from '../../src/db/prepare-database.ts';
import { writeAudit } from '../../src/db/audit.repository.ts';
import { adminUrl, databaseUrl, dropDatabase } from '../support/postgres.ts';
import { createJob } from '../support/record-factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * An audit log even the server cannot rewrite (README, "Running against PostgreSQL"). On both
 * databases the database stamps an audit row's time. On PostgreSQL, the role a server works as in
 * the two-role set-up (the role the other test files' apps use) cannot update, delete, truncate,
 * disable the triggers or insert a back-dated row; and the start refuses a role that could.
 */
const where = inject('testDatabases');
const onPostgres = where.kind === 'postgres';
const INSUFFICIENT_PRIVILEGE = { code: '42501' };
const LONG_AGO = new Date('2001-02-03T04:05:06Z');

/** An audit row with a time and an id of the writer's choosing, in plain SQL (what a hostile statement would send). */
const backDated = (id?: number) =>
  id === undefined
    ? sql`INSERT INTO audit_log (username, action, entity, at) VALUES ('forger', 'create', 'job', ${LONG_AGO})`
    : sql`INSERT INTO audit_log (id, username, action, entity) VALUES (${id}, 'forger', 'create', 'job')`;

describe('an audit row is stamped by the database', () => {
  let owner: TestDatabase;
  beforeAll(async () => {
    owner = await createTestDatabase();
  });
  afterAll(() => owner.close());

  it('whatever time the writer names, even the owner of the table (one role)', async () => {
    const before = Date.now();
    await backDated().execute(owner.db);
    const row = await owner.db.selectFrom('audit_log').select('at').where('username', '=', 'forger').executeTakeFirstOrThrow();
    const at = new Date(row.at as unknown as string).getTime();
    // The database's clock, not 2001 (the test and the database share one machine).
    expect(at).toBeGreaterThan(before - 60_000);
    expect(at).toBeLessThan(Date.now() + 60_000);
  });

  it('one role: the owner can still disable the triggers, as the README says (nothing stops it but the role)', async () => {
    // Inside a transaction that is rolled back: the point is only that nothing refuses the owner.
    await expect(
      owner.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(trx);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
  });
});

describe.runIf(onPostgres)("the server's role of the two-role set-up", () => {
  let owner: TestDatabase;
  let server: DatabaseHandle;
  let kept: { id: number; action: string };

  beforeAll(async () => {
    owner = await createTestDatabase();
    server = openPostgres(owner.serverUrl!, 2);
    const job = await createJob(owner.db);
    await writeAudit(server.db, { username: 'clerk', action: 'create', entity: 'job', recordId: job.id, after: { name: 'kept' } });
    const row = await owner.db.selectFrom('audit_log').select(['id', 'action']).where('username', '=', 'clerk').executeTakeFirstOrThrow();
    kept = { id: Number(row.id), action: row.action };
  });
  afterAll(async () => {
    await server?.close();
    await owner?.close();
  });

  it('appends rows and reads them, and the database fills in id and at', async () => {
    const before = Date.now();
    await writeAudit(server.db, { username: 'clerk', action: 'edit', entity: 'job', recordId: 1, after: { name: 'x' } });
    const rows = await server.db.selectFrom('audit_log').select(['id', 'action', 'at']).where('username', '=', 'clerk').orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'edit']);
    expect(new Date(rows[1]!.at as unknown as string).getTime()).toBeGreaterThan(before - 60_000);
  });

  it('cannot update, delete or truncate', async () => {
    await expect(server.db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', String(kept.id)).execute()).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
    await expect(server.db.deleteFrom('audit_log').where('id', '=', String(kept.id)).execute()).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
    await expect(sql`TRUNCATE audit_log`.execute(server.db)).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
    await expect(sql`SELECT id FROM audit_log WHERE id = ${kept.id} FOR UPDATE`.execute(server.db)).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
  });

  it('cannot disable or drop the triggers, replace their functions, or take the table', async () => {
    const statements = {
      'disable a trigger': sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`,
      'disable every trigger': sql`ALTER TABLE audit_log DISABLE TRIGGER ALL`,
      'drop the stamping trigger': sql`DROP TRIGGER audit_log_stamped ON audit_log`,
      'replace the refusing function': sql`CREATE OR REPLACE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
      'replace the stamping function': sql`CREATE OR REPLACE FUNCTION stamp_audit_log_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
      'take the table': sql`ALTER TABLE audit_log OWNER TO CURRENT_USER`,
      'rename the table': sql`ALTER TABLE audit_log RENAME TO audit_log_old`,
      'drop the table': sql`DROP TABLE audit_log`,
      'add a rule': sql`CREATE RULE forge AS ON INSERT TO audit_log DO INSTEAD NOTHING`,
      // Turns ordinary triggers off for a session: superusers only.
      'turn triggers off for the session': sql`SET session_replication_role = replica`,
    };
    const outcomes: Record<string, string> = {};
    for (const [what, statement] of Object.entries(statements)) {
      outcomes[what] = await statement.execute(server.db).then(
        () => 'allowed',
        (error: { code?: string }) => error.code ?? 'no code',
      );
    }
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(statements).map((what) => [what, '42501'])));
    // A grant to itself is not the server's to give: PostgreSQL warns and grants nothing.
    await sql`GRANT UPDATE, DELETE, TRUNCATE ON audit_log TO CURRENT_USER`.execute(server.db).catch(() => {});
    expect(auditLogWeaknesses(await serverRoleFacts(server))).toEqual([]);
  });

  it('cannot insert a back-dated row, nor choose its id', async () => {
    await expect(backDated().execute(server.db)).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
    await expect(backDated(kept.id + 1000).execute(server.db)).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
    await expect(server.db.insertInto('audit_log').values({ username: 'forger', action: 'create', entity: 'job', at: LONG_AGO }).execute()).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
    // Nor move the sequence back to reuse an id.
    await expect(sql`SELECT setval('audit_log_id_seq', 1)`.execute(server.db)).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
  });

  it('leaves every audit row as it was', async () => {
    const row = await owner.db.selectFrom('audit_log').select(['id', 'action']).where('id', '=', String(kept.id)).executeTakeFirstOrThrow();
    expect({ id: Number(row.id), action: row.action }).toEqual(kept);
    expect(await owner.db.selectFrom('audit_log').select('id').where('username', '=', 'forger').execute()).toEqual([]);
  });

  it('does its normal work elsewhere: records, sequences, the word index, the count cache and its change log, change notices', async () => {
    const job = await createJob(server.db);
    await server.db.updateTable('jobs').set({ name: 'renamed' }).where('id', '=', job.id).execute();
    await sql`INSERT INTO count_cache (cache_key, snapshot, found_count) VALUES ('k', pg_current_snapshot(), 1)
              ON CONFLICT (cache_key) DO UPDATE SET found_count = 2`.execute(server.db);
    await sql`DELETE FROM count_cache WHERE cache_key = 'k'`.execute(server.db);
    await compactChangeLog(server.db, 0);
    await sql`SELECT pg_notify('tds_sync', 'probe')`.execute(server.db);
    await sql`LISTEN tds_events`.execute(server.db);
    await server.db.deleteFrom('jobs').where('id', '=', job.id).execute();
  });

  it('passes the start-up check; the owner would not', async () => {
    const facts = await serverRoleFacts(server);
    expect(auditLogWeaknesses(facts)).toEqual([]);
    expect(actsAsOwner(facts)).toBe(false);
    const ownerFacts = await serverRoleFacts(owner);
    expect(actsAsOwner(ownerFacts)).toBe(true);
    expect(auditLogWeaknesses(ownerFacts)).toEqual(expect.arrayContaining([expect.stringMatching(/superuser|owns audit_log/)]));
  });
});

describe.runIf(onPostgres)('the start (prepareDatabase) on PostgreSQL', () => {
  const base = onPostgres ? where.url : '';
  const made = { databases: [] as string[], roles: [] as string[] };
  let admin: DatabaseHandle;

  beforeAll(() => {
    admin = openPostgres(adminUrl(base), 1);
  });
  afterAll(async () => {
    for (const name of made.databases) await dropDatabase(base, name);
    for (const role of made.roles) await admin.execScript(`DROP ROLE IF EXISTS ${quoteIdent(role)}`);
    await admin.close();
  });

  /** A login role of this test, with what `options` adds (e.g. CREATEROLE). */
  async function role(options = ''): Promise<{ name: string; password: string }> {
    const made_ = { name: `tds_t_${randomBytes(5).toString('hex')}`, password: randomBytes(12).toString('hex') };
    await admin.execScript(`CREATE ROLE ${quoteIdent(made_.name)} LOGIN PASSWORD '${made_.password}' ${options}`);
    made.roles.push(made_.name);
    return made_;
  }
  /** An empty database, owned by `owner` (the test's own role by default). */
  async function database(owner?: string): Promise<string> {
    const name = `tds_t_${randomBytes(6).toString('hex')}`;
    await admin.execScript(`CREATE DATABASE ${name}${owner ? ` OWNER ${quoteIdent(owner)}` : ''}`);
    made.databases.push(name);
    return name;
  }
  const urlAs = (name: string, who?: { name: string; password: string }) => {
    const url = new URL(databaseUrl(base, name));
    if (who) {
      url.username = who.name;
      url.password = who.password;
    }
    return url.toString();
  };
  const config = (env: { DATABASE_URL: string; DATABASE_ADMIN_URL?: string }) => loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  const closing = async (prepared: PreparedDatabase) => {
    await prepared.admin?.close();
    await prepared.database.close();
  };

  it('two roles: the owner migrates and grants; the server role works and cannot rewrite the audit log', async () => {
    const name = await database();
    const server = await role();
    const prepared = await prepareDatabase(config({ DATABASE_URL: urlAs(name, server), DATABASE_ADMIN_URL: urlAs(name) }));
    try {
      expect(prepared.guard).toBe('two-roles');
      expect(prepared.role).toBe(server.name);
      expect(prepared.applied).toContain('030_audit_log_stamped.sql');
      const job = await createJob(prepared.database.db);
      await writeAudit(prepared.database.db, { username: 'clerk', action: 'create', entity: 'job', recordId: job.id });
      await expect(sql`ALTER TABLE audit_log DISABLE TRIGGER ALL`.execute(prepared.database.db)).rejects.toMatchObject(INSUFFICIENT_PRIVILEGE);
    } finally {
      await closing(prepared);
    }

    // Migrated once, the server starts on DATABASE_URL alone: the owner's password stays off it.
    const alone = await prepareDatabase(config({ DATABASE_URL: urlAs(name, server) }));
    expect({ guard: alone.guard, applied: alone.applied, admin: alone.admin }).toEqual({ guard: 'two-roles', applied: [], admin: undefined });
    await closing(alone);
  });

  it('takes back a privilege granted by hand when it grants, and refuses to start on it without the owner', async () => {
    const name = await database();
    const server = await role();
    const env = { DATABASE_URL: urlAs(name, server), DATABASE_ADMIN_URL: urlAs(name) };
    await closing(await prepareDatabase(config(env)));
    const owner = openPostgres(urlAs(name), 1);
    await owner.execScript(`GRANT UPDATE, TRUNCATE ON audit_log TO ${quoteIdent(server.name)}`);
    await expect(prepareDatabase(config({ DATABASE_URL: env.DATABASE_URL }))).rejects.toThrow(/could rewrite the audit log: it holds UPDATE, TRUNCATE on audit_log/);
    const again = await prepareDatabase(config(env));
    expect(again.guard).toBe('two-roles');
    await closing(again);
    // A table made by hand without the grants: the server would fail on it, so it does not start.
    await owner.execScript('CREATE TABLE made_by_hand (id int)');
    await expect(prepareDatabase(config({ DATABASE_URL: env.DATABASE_URL }))).rejects.toThrow(/lacks DELETE on made_by_hand, INSERT on made_by_hand/);
    await owner.close();
  });

  it('refuses a server role that owns the database, a superuser, or one with CREATEROLE', async () => {
    const dbOwner = await role();
    const ownedDatabase = await database(dbOwner.name);
    await expect(prepareDatabase(config({ DATABASE_URL: urlAs(ownedDatabase, dbOwner), DATABASE_ADMIN_URL: urlAs(ownedDatabase) }))).rejects.toThrow(
      /could rewrite the audit log: it owns the schema public/,
    );
    const creator = await role('CREATEROLE');
    const name = await database();
    await expect(prepareDatabase(config({ DATABASE_URL: urlAs(name, creator), DATABASE_ADMIN_URL: urlAs(name) }))).rejects.toThrow(/it has CREATEROLE/);
    const superuser = await role('SUPERUSER');
    await expect(prepareDatabase(config({ DATABASE_URL: urlAs(name, superuser), DATABASE_ADMIN_URL: urlAs(name) }))).rejects.toThrow(/it is a superuser/);
    await expect(prepareDatabase(config({ DATABASE_URL: urlAs(name, superuser), DATABASE_ADMIN_URL: urlAs(name) }))).rejects.toBeInstanceOf(DatabaseSetupError);
  });

  it('refuses a server role that may not migrate a database nobody migrated, naming what to run', async () => {
    const name = await database();
    const server = await role();
    await admin.execScript(`GRANT CONNECT ON DATABASE ${name} TO ${quoteIdent(server.name)}`);
    await expect(prepareDatabase(config({ DATABASE_URL: urlAs(name, server) }))).rejects.toThrow(/the database is not migrated \(\d+ migrations to apply, from 001_auth.sql\).*npm run migrate/);
  });

  it('one role: DATABASE_URL alone (or both URLs naming it) migrates, and says the role could disable the triggers', async () => {
    const name = await database();
    const prepared = await prepareDatabase(config({ DATABASE_URL: urlAs(name) }));
    expect(prepared.guard).toBe('one-role');
    expect(prepared.applied).toContain('001_auth.sql');
    await closing(prepared);
    const same = await prepareDatabase(config({ DATABASE_URL: urlAs(name), DATABASE_ADMIN_URL: urlAs(name) }));
    expect({ guard: same.guard, applied: same.applied }).toEqual({ guard: 'one-role', applied: [] });
    await closing(same);
  });
});
