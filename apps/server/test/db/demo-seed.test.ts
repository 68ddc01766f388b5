import {
  destructionDaysLeft,
  destructionRecordProblems,
  holdingRegistrationOf,
  isValidDeaNumber,
  ownDeaNumberProblem,
  packSizeReasonProblem,
  registrantProblem,
  registrantTypeLettersFor,
  registrationExpiry,
  REVERSE_DISTRIBUTOR_TYPE_LETTERS,
  type DeaBusinessActivityCode,
} from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { parseCsv } from '../../src/files/csv.ts';
import { buildCompanies } from '../../src/seed/demo-companies.ts';
import { buildRegistrations } from '../../src/seed/demo-registrations.ts';
import { seedDemoRecords, type SeedSummary } from '../../src/seed/demo-seed.ts';
import { DEMO_WITNESSES } from '../../src/seed/seed-choices.ts';
import { confirmationsOf, destructionRecordOf, holds, itemsFingerprint } from '../../src/db/repositories/witness-confirmations.repository.ts';

const TODAY = '2026-03-15';
const ORGANIZATION = 'Northwind Laboratories';
const SEEDED_TABLES = [
  'value_lists',
  'ndc_dictionary',
  'companies',
  'contacts',
  'labeler_codes',
  'registrations',
  'jobs',
  'containers',
  'line_items',
] as const;

async function freshDatabase(): Promise<DatabaseHandle> {
  const handle = await openPglite(undefined);
  await migrate(handle);
  return handle;
}

async function count(db: Kysely<Database>, table: string, where = 'true'): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.raw(where)}`.execute(db);
  return rows[0]!.n;
}

/** A fingerprint of a whole table: every row as text, in id order. */
async function tableDigest(db: Kysely<Database>, table: string): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    SELECT md5(coalesce(string_agg(t::text, E'\n' ORDER BY t.id), '')) AS digest FROM ${sql.table(table)} t`.execute(db);
  return rows[0]!.digest;
}

let first: DatabaseHandle;
let second: DatabaseHandle;
let summary: SeedSummary;
let db: Kysely<Database>;

beforeAll(async () => {
  [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
  // The staff who witness are users (seed-demo.ts adds them before the records).
  for (const handle of [first, second]) {
    await handle.db.insertInto('users').values(DEMO_WITNESSES.map((w) => ({ username: w.username, display_name: w.displayName, password_hash: 'x', privileges: [] }))).execute();
  }
  summary = await seedDemoRecords(first.db, { today: TODAY, organization: ORGANIZATION });
  await seedDemoRecords(second.db, { today: TODAY, organization: ORGANIZATION });
  db = first.db;
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('seedDemoRecords', () => {
  it('writes the expected numbers of records', async () => {
    expect(summary).toEqual({
      dictionaryEntries: 23_890 + 27,
      bulkNdcs: 27,
      removedFromArcos: summary.removedFromArcos,
      valueListEntries: summary.valueListEntries,
      companies: 40,
      contacts: summary.contacts,
      labelerCodes: 10,
      registrations: 120,
      jobs: 150,
      orderForms: summary.orderForms,
      containers: 600,
      ybContainers: 120,
      lineItems: 4300,
      ybLineItems: 700,
    });
    expect(summary.removedFromArcos).toBeGreaterThan(0);
    expect(summary.orderForms).toBeGreaterThan(20);
    expect(await count(db, 'order_forms')).toBe(summary.orderForms);
    expect(summary.contacts).toBeGreaterThanOrEqual(40);
    expect(summary.contacts).toBeLessThanOrEqual(120);

    expect(await count(db, 'ndc_dictionary')).toBe(summary.dictionaryEntries);
    expect(await count(db, 'ndc_dictionary', "ndc LIKE '%-**'")).toBe(summary.bulkNdcs);
    expect(await count(db, 'ndc_dictionary', 'removed_from_arcos')).toBe(summary.removedFromArcos);
    expect(await count(db, 'value_lists')).toBe(summary.valueListEntries);
    expect(await count(db, 'companies')).toBe(40);
    expect(await count(db, 'contacts')).toBe(summary.contacts);
    expect(await count(db, 'labeler_codes')).toBe(10);
    expect(await count(db, 'registrations')).toBe(120);
    expect(await count(db, 'jobs')).toBe(150);
    expect(await count(db, 'containers', "kind = 'standard'")).toBe(600);
    expect(await count(db, 'containers', "kind = 'yellow_bucket'")).toBe(120);
    expect(await count(db, 'line_items', "kind = 'standard'")).toBe(4300);
    expect(await count(db, 'line_items', "kind = 'yellow_bucket'")).toBe(700);
  });

  it('gives identical rows for the same day', async () => {
    for (const table of SEEDED_TABLES) {
      expect(await tableDigest(second.db, table), table).toBe(await tableDigest(db, table));
    }
  });

  it('moves the sequences past the seeded ids', async () => {
    const created = await db.insertInto('companies').values({ name: 'After the seed', created_by: 'test' }).returning('id').executeTakeFirstOrThrow();
    expect(created.id).toBe(41);
    await db.deleteFrom('companies').where('id', '=', created.id).execute();
  });

  it('refuses a database that already has records', async () => {
    await expect(seedDemoRecords(second.db, { today: TODAY, organization: ORGANIZATION })).rejects.toThrow(/without companies/);
    expect(await count(second.db, 'companies')).toBe(40);
  });

  it('holds our own registration: a reverse distributor (DEA number starting R or P, valid) with a full address', async () => {
    const ours = await db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    expect(isValidDeaNumber(ours.dea_number ?? '')).toBe(true);
    expect(REVERSE_DISTRIBUTOR_TYPE_LETTERS).toContain(ours.dea_number![0]);
    expect(ownDeaNumberProblem(ours.dea_number!)).toBeUndefined();
    for (const column of ['registrant_name', 'address_line_1', 'city', 'state', 'zip', 'telephone', 'contact_name'] as const) {
      expect(ours[column], column).toMatch(/\S/);
    }
  });

  it('gives jobs a received date on or after the transfer, destruction within 30 days of it, and a destruction facility with its address', async () => {
    const jobs = await db.selectFrom('jobs').select(['id', 'date_transfer', 'date_received', 'date_destroyed', 'destruction_facility', 'destruction_facility_address', 'disposal_method', 'locked']).execute();
    const received = jobs.filter((j) => j.date_received);
    expect(received.length).toBeGreaterThan(50);
    for (const job of received) {
      expect(job.date_transfer, `job ${job.id}`).not.toBeNull();
      expect(job.date_received! >= job.date_transfer!, `job ${job.id}`).toBe(true);
      expect(job.date_received! <= TODAY, `job ${job.id}`).toBe(true);
    }
    const destroyed = jobs.filter((j) => j.date_destroyed);
    expect(destroyed.length).toBeGreaterThan(30);
    for (const job of destroyed) {
      expect(job.date_received, `job ${job.id}`).not.toBeNull();
      expect(job.date_destroyed! > job.date_received!, `job ${job.id}`).toBe(true);
      expect(destructionDaysLeft(job.date_received, null, job.date_destroyed!)! >= 0, `job ${job.id} destroyed within 30 days`).toBe(true);
      expect(job.destruction_facility, `job ${job.id}`).toMatch(/\S/);
      expect(job.destruction_facility_address, `job ${job.id}`).toMatch(/, [A-Z]{2} \d{5}$/);
      expect(job.disposal_method, `job ${job.id}`).toMatch(/\S/);
    }
    // Every locked job is a destroyed one, so its documents print a complete destruction record.
    expect(jobs.filter((j) => j.locked && !j.date_destroyed)).toEqual([]);
    // And some are still on the clock, so the list shows days left.
    expect(jobs.filter((j) => j.date_received && !j.date_destroyed).length).toBeGreaterThan(0);
  });

  it('offers the disposal methods the demo jobs use as a value list', async () => {
    const list = (await db.selectFrom('value_lists').select('value').where('list_name', '=', 'Disposal Method').execute()).map((r) => r.value);
    const used = await db.selectFrom('jobs').select('disposal_method').distinct().where('disposal_method', 'is not', null).execute();
    expect(used.length).toBeGreaterThan(0);
    for (const { disposal_method } of used) expect(list).toContain(disposal_method);
  });

  it('gives every Federal registration a DEA number with a valid check digit', async () => {
    const federal = await db.selectFrom('registrations').select('registration_number').where('license_type', '=', 'Federal').execute();
    expect(federal.length).toBeGreaterThan(60);
    expect(federal.filter((r) => !isValidDeaNumber(r.registration_number))).toEqual([]);
    expect(await count(db, 'registrations', "license_type = 'State' AND state_agency IS NOT NULL")).toBeGreaterThan(0);
  });

  it('puts every line item on a registration that may hold it: a DEA registration for every controlled substance, of the schedules it holds', async () => {
    const rows = await db
      .selectFrom('line_items as li')
      .innerJoin('jobs as j', 'j.id', 'li.job_id')
      .innerJoin('registrations as r', 'r.id', 'j.registration_id')
      .selectAll('r')
      .select(['li.id as line_item_id', 'li.ndc_schedule'])
      .execute();
    expect(rows.length).toBeGreaterThan(4000);
    const refused = rows.map((r) => ({ id: r.line_item_id, problem: registrantProblem(holdingRegistrationOf(r), r.ndc_schedule) })).filter((r) => r.problem);
    expect(refused).toEqual([]);
  });

  it('starts every Federal registration with its activity\'s registrant-type letter: a teaching institution A, B, F or G', async () => {
    const federal = await db.selectFrom('registrations').select(['registration_number', 'activity']).where('license_type', '=', 'Federal').execute();
    const wrong = federal.filter((r) => !registrantTypeLettersFor(r.activity!.slice(0, 1) as DeaBusinessActivityCode).includes(r.registration_number[0]!));
    expect(wrong).toEqual([]);
    const teaching = federal.filter((r) => r.activity === 'D - Teaching Institution');
    expect(teaching.length).toBeGreaterThan(0);
    for (const r of teaching) expect(['A', 'B', 'F', 'G']).toContain(r.registration_number[0]);
  });

  it('gives every job a destruction record that keeps the rules: dates in order, two witnesses who are two people', async () => {
    const jobs = await db.selectFrom('jobs').selectAll().execute();
    const broken = jobs
      .map((j) => ({
        id: j.id,
        problems: destructionRecordProblems(
          {
            dateTransfer: j.date_transfer,
            dateReceived: j.date_received,
            dateDestroyed: j.date_destroyed,
            disposalMethod: j.disposal_method,
            facility: j.destruction_facility,
            facilityAddress: j.destruction_facility_address,
            transferWitness1: j.transfer_witness_1,
            transferWitness2: j.transfer_witness_2,
            destructionWitness1: j.destruction_witness_1,
            destructionWitness2: j.destruction_witness_2,
            lateReason: j.late_destruction_reason,
          },
          TODAY,
        ),
      }))
      .filter((j) => j.problems.length);
    expect(broken).toEqual([]);
  });

  it('gives every destroyed job the confirmations of its two destruction witnesses, two users, holding on the record as seeded', async () => {
    const destroyed = await db.selectFrom('jobs').selectAll().where('date_destroyed', 'is not', null).execute();
    expect(destroyed.length).toBeGreaterThan(10);
    for (const job of destroyed) {
      const confirmations = await confirmationsOf(db, job.id);
      const items = await itemsFingerprint(db, job.id);
      expect(confirmations.map((c) => c.role).sort(), `job ${job.id}`).toEqual(['destruction-1', 'destruction-2']);
      expect(new Set(confirmations.map((c) => c.username)).size, `job ${job.id}`).toBe(2);
      for (const c of confirmations) {
        expect(holds(c, destructionRecordOf(job), items), `job ${job.id} ${c.role}`).toBe(true);
        expect(c.name).toBe(c.role === 'destruction-1' ? job.destruction_witness_1 : job.destruction_witness_2);
      }
    }
    expect(await count(db, 'witness_confirmations', 'job_id NOT IN (SELECT id FROM jobs WHERE date_destroyed IS NOT NULL)')).toBe(0);
    const digest = async (handle: DatabaseHandle) =>
      (await sql<{ d: string }>`SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS d FROM witness_confirmations t`.execute(handle.db)).rows[0]!.d;
    expect(await digest(first)).toBe(await digest(second));
  });

  it('mixes expired, almost expired and current registrations', async () => {
    const rows = await db.selectFrom('registrations').select('expiration_date').execute();
    const states = rows.map((r) => registrationExpiry(r.expiration_date, TODAY));
    for (const state of ['expired', 'almost-expired', 'current'] as const) {
      expect(states.filter((s) => s === state).length, state).toBeGreaterThanOrEqual(10);
    }
  });

  it('keeps the same mix whatever day the demo starts', () => {
    const mix = (today: string) => {
      const registrations = buildRegistrations(today, buildCompanies(today, ORGANIZATION).companies);
      return registrations.map((r) => registrationExpiry(r.row.expiration_date, today));
    };
    expect(mix('2031-07-04')).toEqual(mix(TODAY));
  });

  it('has locked and unlocked jobs, sister jobs and jobs in progress', async () => {
    expect(await count(db, 'jobs', 'locked')).toBeGreaterThan(20);
    expect(await count(db, 'jobs', 'NOT locked')).toBeGreaterThan(20);
    expect(await count(db, 'jobs', 'sister_job_id IS NOT NULL')).toBeGreaterThan(0);
    expect(await count(db, 'jobs', 'date_destroyed IS NULL AND date_transfer IS NOT NULL')).toBeGreaterThan(0);
    // A job on an expired registration ended before the registration expired.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM jobs j JOIN registrations r ON r.id = j.registration_id
      WHERE j.date_initiated > r.expiration_date`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });

  it('locks the containers and line items of locked jobs', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM line_items l
      JOIN containers c ON c.id = l.container_id JOIN jobs j ON j.id = l.job_id
      WHERE (j.locked AND NOT c.locked) OR (c.locked AND NOT l.locked)`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });

  it('only puts NDCs on a registration that supports their schedule', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM line_items l JOIN jobs j ON j.id = l.job_id JOIN registrations r ON r.id = j.registration_id
      WHERE NOT CASE l.ndc_schedule
        WHEN '1' THEN r.schedule_1 WHEN '1N' THEN r.schedule_1n WHEN '2' THEN r.schedule_2 WHEN '2N' THEN r.schedule_2n
        WHEN '3' THEN r.schedule_3 WHEN '3N' THEN r.schedule_3n WHEN '4' THEN r.schedule_4 WHEN '4N' THEN r.schedule_4n
        WHEN '5' THEN r.schedule_5 WHEN '5N' THEN r.schedule_5n WHEN 'LC' THEN r.schedule_lc WHEN 'NC' THEN r.schedule_nc END`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });

  it('computes reporting quantity and grams of base of trade packs as docs/dea-paperwork.md says', async () => {
    const { rows } = await sql<{ n: number; partial: number; thousands: number; dozens: number }>`
      SELECT
        count(*) FILTER (WHERE abs(l.grams_of_base - l.pack_quantity * l.percent_fill * d.ingredient_base_weight) > 0.000001
          OR abs(l.reporting_qty * CASE l.pack_size_uom WHEN 'K' THEN 1000 WHEN 'D' THEN 12 ELSE 1 END
                 - l.pack_quantity * l.pack_size * l.percent_fill) > 0.000001
          OR l.reporting_qty <> trunc(l.reporting_qty))::int AS n,
        count(*) FILTER (WHERE l.percent_fill < 1)::int AS partial,
        count(*) FILTER (WHERE l.pack_size_uom = 'K')::int AS thousands,
        count(*) FILTER (WHERE l.pack_size_uom = 'D')::int AS dozens
      FROM line_items l JOIN ndc_dictionary d ON d.ndc = l.ndc
      WHERE d.trade_package`.execute(db);
    expect(rows[0]).toMatchObject({ n: 0 });
    expect(rows[0]!.partial).toBeGreaterThan(100);
    expect(rows[0]!.thousands).toBeGreaterThan(0);
    expect(rows[0]!.dozens).toBeGreaterThan(0);
  });

  it('holds every line item of a complete NDC to its package, or gives the reason (rules/pack-size.ts)', async () => {
    const rows = await db
      .selectFrom('line_items as li')
      .innerJoin('ndc_dictionary as d', 'd.ndc', 'li.ndc')
      .select(['li.id', 'li.ndc', 'li.pack_size', 'li.pack_size_uom', 'li.pack_size_reason', 'd.package_size', 'd.package_size_uom'])
      .execute();
    const held = rows.filter((r) => !r.ndc.endsWith('**') && r.package_size !== null);
    expect(held.length).toBeGreaterThan(4000);
    const refused = rows
      .map((r) => ({ id: r.id, problem: packSizeReasonProblem({ ndc: r.ndc, packSize: r.pack_size, packSizeUoM: r.pack_size_uom, packSizeReason: r.pack_size_reason }, { size: r.package_size, uom: r.package_size_uom }) }))
      .filter((r) => r.problem);
    expect(refused.slice(0, 5)).toEqual([]);
  });

  it('computes grams of base of bulk items per unit, or by amount and purity', async () => {
    const { rows } = await sql<{ kind: string; n: number; wrong: number }>`
      SELECT CASE WHEN d.bulk_dosage_formulation OR d.bulk_solution THEN 'per unit'
                  WHEN d.bulk_raw_powder THEN 'powder' ELSE 'liquid' END AS kind,
        count(*)::int AS n,
        count(*) FILTER (WHERE abs(l.grams_of_base - CASE
          WHEN d.bulk_dosage_formulation OR d.bulk_solution THEN l.pack_size * d.ingredient_base_weight
          WHEN d.bulk_raw_powder THEN l.pack_size * CASE l.pack_size_uom WHEN 'mcg' THEN 0.000001 WHEN 'mg' THEN 0.001 WHEN 'g' THEN 1 WHEN 'kg' THEN 1000 END * l.percent_fill
          ELSE l.pack_size * CASE l.pack_size_uom WHEN 'L' THEN 1000 ELSE 1 END * d.density * l.percent_fill
        END) > 0.000001)::int AS wrong
      FROM line_items l JOIN ndc_dictionary d ON d.ndc = l.ndc
      WHERE d.ndc LIKE '%-**'
      GROUP BY 1 ORDER BY 1`.execute(db);
    expect(rows.map((r) => r.kind)).toEqual(['liquid', 'per unit', 'powder']);
    for (const row of rows) expect(row.wrong, row.kind).toBe(0);
  });

  it('puts Form 222 numbers on Schedule I and II items only', async () => {
    expect(await count(db, 'line_items', "ndc_schedule IN ('1', '1N', '2', '2N') AND form_222_number IS NULL")).toBe(0);
    expect(await count(db, 'line_items', "ndc_schedule NOT IN ('1', '1N', '2', '2N') AND form_222_number IS NOT NULL")).toBe(0);
  });

  it('gives bulk NDCs to the demo organisation, another one, and nobody', async () => {
    const owners = await db
      .selectFrom('ndc_dictionary')
      .select(['labeler_organization', (eb) => eb.fn.countAll<number>().as('n')])
      .where('ndc', 'like', '%-**')
      .groupBy('labeler_organization')
      .execute();
    const byOwner = new Map(owners.map((o) => [o.labeler_organization, Number(o.n)]));
    expect(byOwner.get(ORGANIZATION)).toBeGreaterThan(15);
    expect(byOwner.get(null)).toBeGreaterThan(0);
    expect([...byOwner.keys()].filter((o) => o !== null && o !== ORGANIZATION).length).toBeGreaterThan(0);
    const own = await db.selectFrom('labeler_codes').select('labeler_code').where('organization', '=', ORGANIZATION).execute();
    expect(own.length).toBeGreaterThan(0);
  });

  it('fills the value lists the screens ask for', async () => {
    const lists = await db.selectFrom('value_lists').select('list_name').distinct().execute();
    expect(lists.map((l) => l.list_name).sort()).toEqual([
      'Cause',
      'Container Type',
      'Disposal Method',
      'Dynamic UoM',
      'Source',
      'Unit Converter',
      'UoM Container',
      'YB Container Type',
      'YB UoM',
    ]);
    expect(await count(db, 'value_lists', "list_name = 'Dynamic UoM' AND value = 'New Value...'")).toBe(1);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n1,"x, y","say ""hi"""\n2,,"two\nlines"\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', '', 'two\nlines'],
    ]);
  });
});

describe('the demo Form 222 register', () => {
  it("holds the forms the items were received on: each item's form is its job's client's, executed, its line ordering the item's NDC", async () => {
    const { rows } = await sql<{ wrong: number; named: number; unnamed: number }>`
      SELECT count(*) FILTER (WHERE o.id IS NOT NULL AND (o.registration_id <> j.registration_id OR o.status <> 'executed' OR ol.ndc <> li.ndc OR o.form_number <> li.form_222_number))::int AS wrong,
             count(*) FILTER (WHERE o.id IS NOT NULL)::int AS named,
             count(*) FILTER (WHERE o.id IS NULL)::int AS unnamed
      FROM line_items li JOIN jobs j ON j.id = li.job_id
      LEFT JOIN order_forms o ON o.id = li.order_form_id
      LEFT JOIN order_form_lines ol ON ol.form_id = li.order_form_id AND ol.line_no = li.order_form_line
      WHERE li.form_222_number IS NOT NULL`.execute(db);
    expect(rows[0]!.wrong).toBe(0);
    expect(rows[0]!.named).toBeGreaterThan(100);
    // A number drawn twice stays typed on the later job's items only.
    expect(rows[0]!.unnamed).toBeLessThan(rows[0]!.named / 10);
  });
});
