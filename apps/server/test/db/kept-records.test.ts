import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { auditLogWeaknesses, KEPT_TABLES, serverRoleFacts } from '../../src/db/database-roles.ts';
import { DatabaseSetupError, prepareDatabase } from '../../src/db/prepare-database.ts';
import type { Database } from '../../src/db/schema.ts';
import { databaseUrl } from '../support/postgres.ts';
import { createJob } from '../support/record-factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The database keeps what the law keeps (076_kept_records.sql, docs/dea-paperwork.md): a kept ARCOS
 * report and its transactions, a generated document, an inventory and the files they hold are
 * written once. On both databases the triggers refuse a delete, a truncate and a rewrite, even by
 * the tables' owner (one role); a report or a document is only marked superseded, once. On
 * PostgreSQL the server's role of the two-role set-up holds no such privilege at all, and the
 * start-up check names one it would hold.
 */
const where = inject('testDatabases');
const onPostgres = where.kind === 'postgres';

interface Kept {
  correction: number;
  report: number;
  transaction: number;
  document: number;
  inventory: number;
  keptFile: string;
  looseFile: string;
  jobId: number;
}

async function file(db: Kysely<Database>): Promise<string> {
  const row = await db
    .insertInto('files')
    .values({ storage_key: `exports/${randomUUID()}/x.pdf`, original_name: 'x.pdf', content_type: 'application/pdf', size_bytes: 1, sha256: '0'.repeat(64), created_by: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One of each kept record, written by `writer` (the server's role, or the owner). */
async function keep(writer: Kysely<Database>, owner: Kysely<Database>): Promise<Kept> {
  const job = await createJob(owner);
  const report = await writer
    .insertInto('arcos_reports')
    .values({ period_start: '2026-04-01', period_end: '2026-06-30', frequency: 'quarterly', file_id: await file(writer), records: 1, summary: '{}', created_by: 'keeper' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const transaction = await writer
    .insertInto('arcos_report_transactions')
    .values({ report_id: report.id, line_item_id: 1, code: 'P', action: ' ', record: 'P'.repeat(80) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keptFile = await file(writer);
  const document = await writer.insertInto('generated_documents').values({ job_id: job.id, slot: '41 Insert', file_id: keptFile, generated_by: 'keeper' }).returning('id').executeTakeFirstOrThrow();
  await writer.insertInto('signed_copies').values({ generated_document_id: document.id, file_id: await file(writer), uploaded_by: 'clerk' }).execute();
  const inventory = await writer
    .insertInto('inventories')
    .values({ as_of: new Date(), pdf_file_id: await file(writer), xlsx_file_id: await file(writer), line_items: 3, created_by: 'keeper' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writer.insertInto('inventory_lines').values({ inventory_id: inventory.id, line_item_id: 1, yellow_bucket: false, ndc: '00406-0552-01', description: 'OXYCODONE', schedule: '2', pack_size_uom: 'U', pack_quantity: 1, pack_size: 100, percent_fill: 1, grams_of_base: null }).execute();
  const correction = await writer
    .insertInto('corrections')
    .values({ job_id: job.id, field: 'Date Destroyed', old_value: '06/18/2026', new_value: '06/17/2026', new_stored: '"2026-06-17"', reason: 'Witness log', requested_by: 'clerk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { correction: correction.id, report: report.id, transaction: transaction.id, document: document.id, inventory: inventory.id, keptFile, looseFile: await file(writer), jobId: job.id };
}

/** Every statement that would remove or rewrite a kept record. */
function attacks(k: Kept): [string, ReturnType<typeof sql>][] {
  return [
    ['DELETE a report', sql`DELETE FROM arcos_reports WHERE id = ${k.report}`],
    ['UPDATE a report’s records', sql`UPDATE arcos_reports SET records = 0 WHERE id = ${k.report}`],
    ['TRUNCATE the reports', sql`TRUNCATE arcos_reports CASCADE`],
    ['DELETE a transaction', sql`DELETE FROM arcos_report_transactions WHERE id = ${k.transaction}`],
    ['UPDATE a transaction', sql`UPDATE arcos_report_transactions SET record = ${'X'.repeat(80)} WHERE id = ${k.transaction}`],
    ['TRUNCATE the transactions', sql`TRUNCATE arcos_report_transactions`],
    ['DELETE a generated document', sql`DELETE FROM generated_documents WHERE id = ${k.document}`],
    ['UPDATE a document’s author', sql`UPDATE generated_documents SET generated_by = 'forger' WHERE id = ${k.document}`],
    ['TRUNCATE the documents', sql`TRUNCATE generated_documents CASCADE`],
    ['DELETE a signed copy', sql`DELETE FROM signed_copies WHERE generated_document_id = ${k.document}`],
    ['TRUNCATE the signed copies', sql`TRUNCATE signed_copies`],
    ['DELETE an inventory', sql`DELETE FROM inventories WHERE id = ${k.inventory}`],
    ['UPDATE an inventory’s count', sql`UPDATE inventories SET line_items = 2 WHERE id = ${k.inventory}`],
    ['TRUNCATE the inventories', sql`TRUNCATE inventories CASCADE`],
    ['DELETE an inventory’s counted lines', sql`DELETE FROM inventory_lines WHERE inventory_id = ${k.inventory}`],
    ['TRUNCATE the counted lines', sql`TRUNCATE inventory_lines`],
    ['UPDATE a kept file', sql`UPDATE files SET storage_key = 'elsewhere' WHERE id = ${k.keptFile}`],
    ['DELETE a kept file', sql`DELETE FROM files WHERE id = ${k.keptFile}`],
    ['DELETE a correction', sql`DELETE FROM corrections WHERE id = ${k.correction}`],
    ['TRUNCATE the corrections', sql`TRUNCATE corrections`],
  ];
}

/** Runs `statement` in a transaction rolled back whatever happens; answers the error it raised, if any. */
async function tryIt(db: Kysely<Database>, statement: ReturnType<typeof sql>): Promise<{ code?: string; message: string } | undefined> {
  try {
    await db.transaction().execute(async (trx) => {
      await statement.execute(trx);
      throw new Error('ROLLBACK-ON-PURPOSE');
    });
  } catch (error) {
    const e = error as { code?: string; message: string };
    return e.message === 'ROLLBACK-ON-PURPOSE' ? undefined : e;
  }
  return undefined;
}

const countsOf = async (db: Kysely<Database>) => {
  const { rows } = await sql<{ corrections: number; reports: number; transactions: number; documents: number; inventories: number; files: number }>`
    SELECT (SELECT count(*) FROM corrections)::int AS corrections, (SELECT count(*) FROM arcos_reports)::int AS reports, (SELECT count(*) FROM arcos_report_transactions)::int AS transactions,
           (SELECT count(*) FROM generated_documents)::int AS documents, (SELECT count(*) FROM inventories)::int AS inventories,
           (SELECT count(*) FROM files)::int AS files`.execute(db);
  return rows[0]!;
};

describe('kept records, one role: the triggers refuse even the owner', () => {
  let owner: TestDatabase;
  let k: Kept;
  beforeAll(async () => {
    owner = await createTestDatabase();
    k = await keep(owner.db, owner.db);
  });
  afterAll(() => owner.close());

  it('refuses every delete, truncate and rewrite, saying the record is kept', async () => {
    const before = await countsOf(owner.db);
    for (const [what, statement] of attacks(k)) {
      const error = await tryIt(owner.db, statement);
      expect(error, what).toBeDefined();
      expect(error!.message, what).toMatch(/is a kept record|held by a kept record|violates foreign key/);
    }
    expect(await countsOf(owner.db)).toEqual(before);
  });

  it('lets a report or a document be superseded once, by a newer one, nothing else changing', async () => {
    const newer = await keep(owner.db, owner.db);
    await owner.db.updateTable('generated_documents').set({ superseded_at: new Date(), superseded_by: newer.document }).where('id', '=', k.document).execute();
    await owner.db.updateTable('arcos_reports').set({ superseded_at: new Date(), superseded_by: newer.report }).where('id', '=', k.report).execute();
    // Once: a second time, or undoing it, is a rewrite.
    expect(await tryIt(owner.db, sql`UPDATE generated_documents SET superseded_at = now() WHERE id = ${k.document}`)).toMatchObject({ message: expect.stringMatching(/kept record/) });
    expect(await tryIt(owner.db, sql`UPDATE arcos_reports SET superseded_at = NULL, superseded_by = NULL WHERE id = ${k.report}`)).toMatchObject({
      message: expect.stringMatching(/kept record/),
    });
    // With another column changed alongside: refused.
    expect(await tryIt(owner.db, sql`UPDATE generated_documents SET superseded_at = now(), superseded_by = ${k.document}, generated_by = 'x' WHERE id = ${newer.document}`)).toMatchObject({
      message: expect.stringMatching(/kept record/),
    });
  });

  it('still lets a file no kept record holds (an expired export) be removed', async () => {
    expect(await tryIt(owner.db, sql`DELETE FROM files WHERE id = ${k.looseFile}`)).toBeUndefined();
  });
});

describe.runIf(onPostgres)("kept records, two roles: the server's role holds no privilege to remove or rewrite them", () => {
  let owner: TestDatabase;
  let server: DatabaseHandle;
  let k: Kept;
  beforeAll(async () => {
    owner = await createTestDatabase();
    server = openPostgres(owner.serverUrl!, 2);
    k = await keep(server.db, owner.db);
  });
  afterAll(async () => {
    await server?.close();
    await owner?.close();
  });

  it('is refused each, by privilege (42501), before any trigger', async () => {
    const before = await countsOf(owner.db);
    for (const [what, statement] of attacks(k)) {
      const error = await tryIt(server.db, statement);
      expect(error, what).toBeDefined();
      expect(error!.code, `${what}: ${error!.message}`).toBe('42501');
    }
    // Nor may it drop or disable the triggers: it owns nothing.
    for (const table of KEPT_TABLES) expect((await tryIt(server.db, sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ALL`))?.code, table).toBe('42501');
    expect(await countsOf(owner.db)).toEqual(before);
  });

  it('supersedes a report and a document, and removes an expired export, as its work needs', async () => {
    const newer = await keep(server.db, owner.db);
    await server.db.updateTable('generated_documents').set({ superseded_at: new Date(), superseded_by: newer.document }).where('id', '=', k.document).execute();
    await server.db.updateTable('arcos_reports').set({ superseded_at: new Date(), superseded_by: newer.report }).where('id', '=', k.report).execute();
    await server.db.deleteFrom('files').where('id', '=', k.looseFile).execute();
  });

  it('passes the start-up check, which names a privilege on a kept record it must not hold', async () => {
    expect(auditLogWeaknesses(await serverRoleFacts(server))).toEqual([]);
    const role = (await sql<{ role: string }>`SELECT current_user::text AS role`.execute(server.db)).rows[0]!.role;
    await sql`GRANT DELETE ON inventories TO ${sql.id(role)}`.execute(owner.db);
    try {
      expect(auditLogWeaknesses(await serverRoleFacts(server))).toEqual([expect.stringMatching(/^it may rewrite or remove kept records: DELETE on inventories/)]);
    } finally {
      await sql`REVOKE DELETE ON inventories FROM ${sql.id(role)}`.execute(owner.db);
    }
  });
});

describe('production refuses a set-up in which the server could rewrite what is kept', () => {
  it('does not start on the embedded database with NODE_ENV=production, saying what to run instead', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tds-production-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', NODE_ENV: 'production' });
      await expect(prepareDatabase(config)).rejects.toThrow(DatabaseSetupError);
      await expect(prepareDatabase(config)).rejects.toThrow(/^NODE_ENV is production, and the embedded database has one role, which owns every table\. Run against PostgreSQL with two roles/);
      // Without it, the same set-up starts (development, the demo).
      const started = await prepareDatabase(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' }));
      expect(started.guard).toBe('embedded');
      await started.database.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres)('does not start on one PostgreSQL role, and starts on two', async () => {
    const owner = await createTestDatabase();
    try {
      const name = new URL(owner.serverUrl!).pathname.slice(1);
      const ownerUrl = databaseUrl(where.kind === 'postgres' ? where.url : '', name);
      const env = { JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', NODE_ENV: 'production' };
      await expect(prepareDatabase(loadConfig({ ...env, DATABASE_URL: ownerUrl }))).rejects.toThrow(/^NODE_ENV is production, and the role \S+ of DATABASE_URL owns the tables/);
      const two = await prepareDatabase(loadConfig({ ...env, DATABASE_URL: owner.serverUrl!, DATABASE_ADMIN_URL: ownerUrl }));
      expect(two.guard).toBe('two-roles');
      await two.admin?.close();
      await two.database.close();
    } finally {
      await owner.close();
    }
  });
});
