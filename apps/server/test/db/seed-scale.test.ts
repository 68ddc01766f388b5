import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bulkKindOf, computeQuantities, holdingRegistrationOf, isValidDeaNumber, packSizeReasonProblem, registrantProblem, registrantTypeLettersFor, REVERSE_DISTRIBUTOR_TYPE_LETTERS, type DeaBusinessActivityCode } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../src/db/database.ts';
import { adminUrl, databaseUrl, dropDatabase } from '../support/postgres.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli/seed-scale.ts', import.meta.url));
const where = inject('testDatabases');

interface Row {
  id: number;
  ndc: string;
  pack_quantity: number | null;
  pack_size: number | null;
  pack_size_uom: string | null;
  pack_size_reason: string | null;
  package_size: number | null;
  package_size_uom: string | null;
  percent_fill: number | null;
  reporting_qty: number | null;
  reporting_uom: string | null;
  grams_of_base: number | null;
  ingredient_base_weight: number | null;
  density: number | null;
  bulk_raw_powder: boolean;
  bulk_raw_liquid: boolean;
  bulk_dosage_formulation: boolean;
  bulk_solution: boolean;
}

/** The scale seed is PostgreSQL only: it runs in the server-pg project (TEST_DATABASE_URL). */
describe.skipIf(where.kind !== 'postgres')('npm run seed:scale', () => {
  const name = `tds_seed_scale_${randomBytes(6).toString('hex')}`;
  const base = where.kind === 'postgres' ? where.url : '';
  let handle: DatabaseHandle;
  let rows: Row[];

  beforeAll(async () => {
    const admin = openPostgres(adminUrl(base), 1);
    try {
      await admin.execScript(`CREATE DATABASE ${name}`);
    } finally {
      await admin.close();
    }
    const { stdout } = await run(process.execPath, [CLI, '--line-items', '5000', '--today', '2026-03-15'], {
      env: { ...process.env, DATABASE_URL: databaseUrl(base, name) },
    });
    expect(stdout).toMatch(/Done in/);
    handle = openPostgres(databaseUrl(base, name), 1);
    rows = (
      await sql<Row>`
        SELECT li.id, li.ndc, li.pack_quantity, li.pack_size, li.pack_size_uom, li.pack_size_reason, d.package_size, d.package_size_uom,
          li.percent_fill, li.reporting_qty, li.reporting_uom,
          li.grams_of_base, d.ingredient_base_weight, d.density, d.bulk_raw_powder, d.bulk_raw_liquid, d.bulk_dosage_formulation, d.bulk_solution
        FROM line_items li JOIN ndc_dictionary d ON d.ndc = li.ndc
        ORDER BY li.id`.execute(handle.db)
    ).rows;
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    await dropDatabase(base, name);
  });

  it('writes the quantities computeQuantities gives for each line item’s inputs', () => {
    expect(rows).toHaveLength(5000);
    const wrong = rows.filter((row) => {
      const expected = computeQuantities(
        { ndc: row.ndc, bulkKind: bulkKindOf(row), ingredientBaseWeight: row.ingredient_base_weight, density: row.density },
        { packQuantity: row.pack_quantity, packSize: row.pack_size, packSizeUoM: row.pack_size_uom, percentFill: row.percent_fill },
      );
      return (
        row.reporting_qty !== expected.reportingQty || row.reporting_uom !== expected.reportingUoM || row.grams_of_base !== expected.gramsOfBase
      );
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('holds every line item of a complete NDC to its package, or gives the reason (rules/pack-size.ts)', () => {
    const refused = rows.filter((row) =>
      packSizeReasonProblem({ ndc: row.ndc, packSize: row.pack_size, packSizeUoM: row.pack_size_uom, packSizeReason: row.pack_size_reason }, { size: row.package_size, uom: row.package_size_uom }),
    );
    expect(refused.slice(0, 5)).toEqual([]);
  });

  it('the line items cover every branch of the computation', () => {
    const kinds = new Set(
      rows.map((row) => {
        const bulk = bulkKindOf(row);
        if (bulk) return bulk;
        if (row.percent_fill !== 1) return 'partial package';
        return `whole packages in ${row.pack_size_uom}`;
      }),
    );
    expect([...kinds].sort()).toEqual([
      'dosage-formulation',
      'partial package',
      'raw-liquid',
      'raw-powder',
      'solution',
      'whole packages in D',
      'whole packages in K',
      'whole packages in U',
      'whole packages in mL',
    ]);
    expect(rows.every((row) => row.grams_of_base !== null && row.reporting_qty !== null)).toBe(true);
  });

  it('destroys within 30 days of receipt, at a facility with an address', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM jobs
      WHERE date_destroyed IS NOT NULL AND (date_received IS NULL OR date_destroyed <= date_received OR date_destroyed > date_received + 30
        OR destruction_facility IS NULL OR destruction_facility_address IS NULL)`.execute(handle.db);
    expect(rows[0]!.n).toBe(0);
    const { rows: order } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE date_received < date_transfer`.execute(handle.db);
    expect(order[0]!.n).toBe(0);
  });
});

/**
 * Past the demo's 40 companies and 120 registrations the scale seed makes its own (in SQL): every
 * Federal number it writes is checked, ours too; and `--reset` empties the database again although
 * the audit trail refuses TRUNCATE (010_records_that_stay.sql).
 */
describe.skipIf(where.kind !== 'postgres')('npm run seed:scale: DEA numbers and --reset', () => {
  const name = `tds_seed_scale_dea_${randomBytes(6).toString('hex')}`;
  const base = where.kind === 'postgres' ? where.url : '';
  let handle: DatabaseHandle;
  const seed = (...extra: string[]) =>
    run(process.execPath, [CLI, '--line-items', '25000', '--today', '2026-03-15', ...extra], { env: { ...process.env, DATABASE_URL: databaseUrl(base, name) } });

  beforeAll(async () => {
    const admin = openPostgres(adminUrl(base), 1);
    try {
      await admin.execScript(`CREATE DATABASE ${name}`);
    } finally {
      await admin.close();
    }
    expect((await seed()).stdout).toMatch(/Done in/);
    handle = openPostgres(databaseUrl(base, name), 1);
  }, 600_000);

  afterAll(async () => {
    await handle?.close();
    await dropDatabase(base, name);
  });

  it('gives every Federal registration, the generated ones included, a valid DEA number, and ours one of a reverse distributor', async () => {
    const federal = await handle.db.selectFrom('registrations').select(['id', 'registration_number']).where('license_type', '=', 'Federal').execute();
    expect(federal.filter((r) => r.id > 120).length, 'registrations the scale seed made itself').toBeGreaterThan(0);
    expect(federal.filter((r) => !isValidDeaNumber(r.registration_number))).toEqual([]);
    const ours = await handle.db.selectFrom('settings').select('dea_number').executeTakeFirstOrThrow();
    expect(isValidDeaNumber(ours.dea_number ?? '')).toBe(true);
    expect(REVERSE_DISTRIBUTOR_TYPE_LETTERS).toContain(ours.dea_number![0]);
    // Each first letter is one DEA gives the registration's business activity (a university's A/B/F/G).
    const activities = await handle.db.selectFrom('registrations').select(['registration_number', 'activity']).where('license_type', '=', 'Federal').execute();
    const misfit = activities.filter((r) => !registrantTypeLettersFor(r.activity!.charAt(0) as DeaBusinessActivityCode).includes(r.registration_number.charAt(0)));
    expect(misfit.slice(0, 5)).toEqual([]);
  });

  it('puts every job on a DEA registration, and every line item on a registration whose schedules hold it', async () => {
    const state = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs j JOIN registrations r ON r.id = j.registration_id WHERE r.license_type <> 'Federal'`.execute(handle.db);
    expect(state.rows[0]!.n).toBe(0);
    const held = await handle.db
      .selectFrom('line_items as li')
      .innerJoin('jobs as j', 'j.id', 'li.job_id')
      .innerJoin('registrations as r', 'r.id', 'j.registration_id')
      .selectAll('r')
      .select(['li.ndc_schedule'])
      .distinct()
      .execute();
    const refused = held.map((r) => registrantProblem(holdingRegistrationOf(r), r.ndc_schedule)).filter(Boolean);
    expect(refused.slice(0, 3)).toEqual([]);
  });

  it('fills the word index as the triggers would, and leaves no change log behind', async () => {
    const differ = await sql<{ n: number }>`
      WITH sample AS (SELECT * FROM line_items ORDER BY id LIMIT 300),
      made AS (SELECT e.space, e.field, e.word, e.record_id, e.prev, e.field_prev FROM sample n CROSS JOIN LATERAL search_entries(line_item_search_space(n), n.id, line_item_search_values(n)) e),
      kept AS (SELECT s.space, s.field, s.word, s.record_id, s.prev, s.field_prev FROM search_words s JOIN sample n ON n.id = s.record_id AND s.space IN (1, 2))
      SELECT ((SELECT count(*) FROM (SELECT * FROM made EXCEPT ALL SELECT * FROM kept) a) + (SELECT count(*) FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM made) b))::int AS n`.execute(handle.db);
    expect(differ.rows[0]!.n).toBe(0);
    const entries = await sql<{ n: number }>`SELECT count(*)::int AS n FROM search_words`.execute(handle.db);
    expect(entries.rows[0]!.n).toBeGreaterThan(5000);
    const log = await sql<{ n: number }>`SELECT count(*)::int AS n FROM record_changes`.execute(handle.db);
    expect(log.rows[0]!.n).toBe(0);
  });

  it('--reset empties and seeds again, and the audit trail still refuses TRUNCATE afterwards', async () => {
    await handle.db.insertInto('audit_log').values({ username: 'tester', action: 'probe', entity: 'job' }).execute();
    expect((await seed('--reset')).stdout).toMatch(/Done in/);
    expect(await handle.db.selectFrom('audit_log').select('id').where('username', '=', 'tester').execute()).toEqual([]);
    await expect(sql`TRUNCATE audit_log`.execute(handle.db)).rejects.toThrow(/append-only/);
  }, 600_000);
});
