import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import type { RecordKind } from '../../src/db/tables/record-columns.ts';

/** The constraints of 002_records.sql, on a freshly migrated embedded database. */
let handle: DatabaseHandle;
let db: Kysely<Database>;
let applied: string[];

const FOREIGN_KEY_VIOLATION = { code: '23503' };
// ON DELETE RESTRICT answers restrict_violation (23001) on PostgreSQL 17 (PGlite) and
// foreign_key_violation (23503) on PostgreSQL 15: callers must accept both.
const RESTRICT_VIOLATION = { code: expect.stringMatching(/^(23001|23503)$/) };
const CHECK_VIOLATION = { code: '23514' };

beforeAll(async () => {
  handle = await openPglite(undefined);
  applied = await migrate(handle);
  db = handle.db;
});

afterAll(async () => {
  await handle?.close();
});

async function company(name = 'Riverside Community Pharmacy') {
  return db.insertInto('companies').values({ name, created_by: 'test' }).returningAll().executeTakeFirstOrThrow();
}

async function registration(companyId: number) {
  return db
    .insertInto('registrations')
    .values({ company_id: companyId, registration_number: 'BR1234563', activity: 'A - Pharmacy', created_by: 'test' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function job(registrationId: number, name = 'Spring pickup') {
  return db.insertInto('jobs').values({ registration_id: registrationId, name, created_by: 'test' }).returningAll().executeTakeFirstOrThrow();
}

async function container(jobId: number, kind: RecordKind = 'standard', weights: { net?: number | null; pkg?: number | null } = {}) {
  return db
    .insertInto('containers')
    .values({ job_id: jobId, kind, name: 'Box 1', net_weight: weights.net ?? null, package_weight: weights.pkg ?? null, created_by: 'test' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function lineItem(containerId: number, jobId: number, kind: RecordKind = 'standard') {
  return db
    .insertInto('line_items')
    .values({ container_id: containerId, job_id: jobId, kind, ndc: '00406-0552-01', ndc_schedule: '2', created_by: 'test' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A job with one container of each kind. */
async function jobWithContainers() {
  const c = await company();
  const r = await registration(c.id);
  const j = await job(r.id);
  return { company: c, registration: r, job: j, standard: await container(j.id), yellowBucket: await container(j.id, 'yellow_bucket') };
}

describe('migrations', () => {
  it('apply on PGlite, once', async () => {
    expect(applied).toEqual(['001_auth.sql', '002_records.sql', '003_count_cache.sql', '004_history.sql', '005_ndc_prefix_indexes.sql', '006_table_versions.sql', '007_own_locks_and_audit_time.sql', '008_line_item_expiry_serial.sql', '009_paperwork.sql', '010_records_that_stay.sql', '011_certificate_slot.sql', '012_change_notices.sql', '013_saved_finds.sql', '014_record_events.sql', '015_search_words.sql', '016_record_changes.sql', '020_dea_records_kept.sql', '030_audit_log_stamped.sql', '031_late_destruction_and_one_clock.sql', '050_list_columns.sql', '060_notifications_by_user.sql', '070_finds_through_indexes.sql', '071_value_counts.sql', '072_small_lists_contain.sql', '073_small_lists_digits.sql', '074_ndc_package_code.sql', '075_empty_counts.sql', '076_kept_records.sql', '077_reported_purity.sql', '078_document_figures.sql', '079_arcos_year_end_held.sql', '080_corrections.sql', '081_inventory_lines.sql', '082_pack_size_reason.sql', '083_signed_copies.sql', '084_order_forms.sql', '085_order_form_receipts.sql', '086_declared_inventory.sql', '087_discrepancy_resolutions.sql', '088_holidays.sql', '089_losses.sql', '090_witness_confirmations.sql']);
    expect(await migrate(handle)).toEqual([]);
  });

  it('create every record table', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(db);
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'files',
        'companies',
        'contacts',
        'labeler_codes',
        'registrations',
        'jobs',
        'job_files',
        'containers',
        'line_items',
        'ndc_dictionary',
        'value_lists',
        'notifications',
      ]),
    );
  });

  it('index every foreign key column', async () => {
    // Each foreign key's first column must lead some index of its table.
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
        AND NOT EXISTS (
          SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
        )`.execute(db);
    expect(rows).toEqual([]);
  });
});

describe('containers', () => {
  it('compute gross weight as net + package weight', async () => {
    const { job: j } = await jobWithContainers();
    const box = await container(j.id, 'standard', { net: 10.5, pkg: 1.25 });
    expect(box.gross_weight).toBe(11.75);
    const updated = await db.updateTable('containers').set({ net_weight: 20 }).where('id', '=', box.id).returningAll().executeTakeFirstOrThrow();
    expect(updated.gross_weight).toBe(21.25);
    expect((await container(j.id, 'standard')).gross_weight).toBe(0);
  });

  it('refuse a gross weight written directly', async () => {
    const { job: j } = await jobWithContainers();
    await expect(
      sql`INSERT INTO containers (kind, job_id, gross_weight, created_by) VALUES ('standard', ${j.id}, 5, 'test')`.execute(db),
    ).rejects.toMatchObject({ code: '428C9' }); // generated_always
  });

  it('accept only the two kinds', async () => {
    const { job: j } = await jobWithContainers();
    await expect(container(j.id, 'blue_bucket' as RecordKind)).rejects.toMatchObject(CHECK_VIOLATION);
  });
});

describe('mod_id and modified_at', () => {
  it('rise on every update, whoever writes', async () => {
    const c = await company('Oak Hollow Drug');
    expect(c.mod_id).toBe(0);
    const once = await db.updateTable('companies').set({ city: 'Burlington' }).where('id', '=', c.id).returningAll().executeTakeFirstOrThrow();
    expect(once.mod_id).toBe(1);
    expect(once.modified_at.getTime()).toBeGreaterThanOrEqual(c.modified_at.getTime());
    // Even a raw statement that tries to set mod_id itself.
    await sql`UPDATE companies SET mod_id = 0, zip = '05401' WHERE id = ${c.id}`.execute(db);
    const twice = await db.selectFrom('companies').select('mod_id').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(twice.mod_id).toBe(2);
  });

  it('rise on the line items a container move carries along', async () => {
    const { registration: r, standard } = await jobWithContainers();
    const item = await lineItem(standard.id, standard.job_id);
    const other = await job(r.id, 'Second pickup');
    await db.updateTable('containers').set({ job_id: other.id }).where('id', '=', standard.id).execute();
    const moved = await db.selectFrom('line_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(moved.job_id).toBe(other.id);
    expect(moved.mod_id).toBe(item.mod_id + 1);
  });
});

describe('settings', () => {
  it('hold one row, our registration, which a second row or a malformed DEA number cannot join', async () => {
    const rows = await db.selectFrom('settings').selectAll().execute();
    expect(rows.map((row) => row.id)).toEqual([1]);
    await expect(sql`INSERT INTO settings (id) VALUES (2)`.execute(db)).rejects.toThrow();
    await expect(db.updateTable('settings').set({ dea_number: 'RX12345' }).where('id', '=', 1).execute()).rejects.toThrow();
  });
});

describe('line items', () => {
  it('must name their container’s job', async () => {
    const { registration: r, standard } = await jobWithContainers();
    const other = await job(r.id, 'Another job');
    await expect(lineItem(standard.id, other.id)).rejects.toMatchObject(FOREIGN_KEY_VIOLATION);
    const ok = await lineItem(standard.id, standard.job_id);
    await expect(db.updateTable('line_items').set({ job_id: other.id }).where('id', '=', ok.id).execute()).rejects.toMatchObject(
      FOREIGN_KEY_VIOLATION,
    );
  });

  it('must have their container’s kind', async () => {
    const { standard, yellowBucket } = await jobWithContainers();
    await expect(lineItem(standard.id, standard.job_id, 'yellow_bucket')).rejects.toMatchObject(FOREIGN_KEY_VIOLATION);
    await expect(lineItem(yellowBucket.id, yellowBucket.job_id, 'standard')).rejects.toMatchObject(FOREIGN_KEY_VIOLATION);
    expect((await lineItem(yellowBucket.id, yellowBucket.job_id, 'yellow_bucket')).kind).toBe('yellow_bucket');
  });

  it('need an NDC in the dictionary format', async () => {
    const { standard } = await jobWithContainers();
    await expect(
      db
        .insertInto('line_items')
        .values({ container_id: standard.id, job_id: standard.job_id, kind: 'standard', ndc: '406-552-1', created_by: 'test' })
        .execute(),
    ).rejects.toMatchObject(CHECK_VIOLATION);
  });
});

describe('deletes never cascade', () => {
  it('refuse to delete a company with registrations', async () => {
    const c = await company();
    await registration(c.id);
    await expect(db.deleteFrom('companies').where('id', '=', c.id).execute()).rejects.toMatchObject(RESTRICT_VIOLATION);
  });

  it('refuse to delete a container with line items, or a job with containers', async () => {
    const { job: j, standard } = await jobWithContainers();
    await lineItem(standard.id, j.id);
    await expect(db.deleteFrom('containers').where('id', '=', standard.id).execute()).rejects.toMatchObject(RESTRICT_VIOLATION);
    await expect(db.deleteFrom('jobs').where('id', '=', j.id).execute()).rejects.toMatchObject(RESTRICT_VIOLATION);
  });

  it('declare no ON DELETE CASCADE anywhere', async () => {
    const { rows } = await sql<{ conname: string }>`
      SELECT conname FROM pg_constraint WHERE contype = 'f' AND confdeltype = 'c'`.execute(db);
    expect(rows).toEqual([]);
  });
});

describe('value checks', () => {
  it('keep Federal registration numbers to two letters and seven digits, not State ones', async () => {
    const c = await company();
    const insert = (registration_number: string, license_type: 'Federal' | 'State') =>
      db.insertInto('registrations').values({ company_id: c.id, registration_number, license_type, created_by: 'test' }).execute();
    await expect(insert('B1234563', 'Federal')).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(insert('A91234563', 'Federal')).resolves.toBeDefined();
    await expect(insert('OH-RPH-021345', 'State')).resolves.toBeDefined();
  });

  it('allow only the known report types and job file slots', async () => {
    await expect(
      db.insertInto('companies').values({ name: 'X', report_type: '41\rManifest', created_by: 'test' }).execute(),
    ).resolves.toBeDefined();
    await expect(db.insertInto('companies').values({ name: 'X', report_type: '41\rInvoice', created_by: 'test' }).execute()).rejects.toMatchObject(
      CHECK_VIOLATION,
    );
    const { job: j } = await jobWithContainers();
    const file = await db
      .insertInto('files')
      .values({ storage_key: 'k/1', original_name: 'r1.jpg', content_type: 'image/jpeg', size_bytes: 10, sha256: 'a'.repeat(64), created_by: 'test' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const slot = (name: string) => db.insertInto('job_files').values({ job_id: j.id, slot: name, file_id: file.id, created_by: 'test' }).execute();
    for (const ok of ['R9', 'P12', 'T1', 'D21', 'DP7', 'CWF Files', 'Digital 222 Files', 'Certificate of Destruction']) await expect(slot(ok)).resolves.toBeDefined();
    for (const bad of ['R10', 'P13', 'D22', 'DP8', 'X1', 'cwf files']) await expect(slot(bad)).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(slot('R9')).rejects.toMatchObject({ code: '23505' });
  });

  it('give a bulk NDC exactly one bulk flag and a trade pack none', async () => {
    const entry = (ndc: string, flags: Partial<Record<'bulk_raw_powder' | 'bulk_solution' | 'trade_package', boolean>>) =>
      db.insertInto('ndc_dictionary').values({ ndc, schedule: '2', trade_name: 'TEST', ...flags }).execute();
    await expect(entry('71842-0101-**', { bulk_raw_powder: true })).resolves.toBeDefined();
    await expect(entry('71842-0102-**', {})).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(entry('71842-0103-**', { bulk_raw_powder: true, bulk_solution: true })).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(entry('71842-0104-**', { bulk_raw_powder: true, trade_package: true })).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(entry('00406-0552-01', { bulk_solution: true })).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(entry('00406-0552-01', { trade_package: true })).resolves.toBeDefined();
  });
});
