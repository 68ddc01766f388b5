import { attestedOf } from '@3ds/domain';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { bulkNdcEntries } from './bulk-ndcs.ts';
import { assertIsoDate } from './calendar.ts';
import { buildCompanies } from './demo-companies.ts';
import { buildContainers } from './demo-containers.ts';
import { buildJobs } from './demo-jobs.ts';
import { buildLineItems } from './demo-line-items.ts';
import { buildOrderForms } from './demo-order-forms.ts';
import { buildRegistrations } from './demo-registrations.ts';
import { loadNdcDictionary } from './ndc-dictionary.ts';
import { valueListRows } from './value-lists.ts';
import { DEMO_SETTINGS } from './demo-paperwork.ts';
import { DEMO_WITNESSES } from './seed-choices.ts';
import { destructionRecordOf, itemsFingerprint, type DestructionRecordRow } from '../db/repositories/witness-confirmations.repository.ts';

export interface SeedDemoOptions {
  /** ISO YYYY-MM-DD. Every seeded date is an offset from it. */
  today: string;
  /** The demo users' parentOrganization: most custom bulk NDCs belong to it. */
  organization: string;
}

export interface SeedSummary {
  dictionaryEntries: number;
  bulkNdcs: number;
  removedFromArcos: number;
  valueListEntries: number;
  companies: number;
  contacts: number;
  labelerCodes: number;
  registrations: number;
  jobs: number;
  /** Forms 222 in the register, one per Form 222 number the items carry. */
  orderForms: number;
  containers: number;
  ybContainers: number;
  lineItems: number;
  ybLineItems: number;
}

/**
 * The confirmations of the destroyed jobs' witnesses (rules/witnesses.ts), each given on the day of the
 * destruction from the warehouse terminal (a documentation address, RFC 5737) and recorded by the
 * clerk — where the witnesses are users (seed-demo.ts adds them before the records; a database seeded
 * without users keeps the names as typed).
 */
async function confirmDestructionWitnesses(trx: Kysely<Database>, jobs: readonly (Partial<DestructionRecordRow> & { id: number })[]) {
  const users = await trx.selectFrom('users').select(['id', 'username', 'display_name']).where('username', 'in', DEMO_WITNESSES.map((w) => w.username)).execute();
  const byName = new Map(users.map((user) => [user.display_name, user]));
  const fingerprints = new Map<number, string>();
  for (const job of jobs) if (job.date_destroyed) fingerprints.set(job.id, await itemsFingerprint(trx, job.id));
  const rows = jobs.flatMap((job) => {
    if (!job.date_destroyed) return [];
    const record = destructionRecordOf(job);
    const attested = JSON.stringify(attestedOf(record, 'destruction', fingerprints.get(job.id)!));
    return (['destruction-1', 'destruction-2'] as const).flatMap((role, k) => {
      const user = byName.get((k === 0 ? job.destruction_witness_1 : job.destruction_witness_2) ?? '');
      if (!user) return [];
      const confirmedAt = `${String(job.date_destroyed).slice(0, 10)}T${k === 0 ? '20:10' : '20:12'}:00Z`;
      return [{ job_id: job.id, role, user_id: user.id, username: user.username, name: user.display_name, confirmed_at: confirmedAt, address: '192.0.2.10', user_agent: 'Warehouse terminal', recorded_by: 'clerk', attested }];
    });
  });
  for (let k = 0; k < rows.length; k += BATCH_SIZE) await trx.insertInto('witness_confirmations').values(rows.slice(k, k + BATCH_SIZE)).execute();
}

/** Rows per INSERT. */
const BATCH_SIZE = 5000;

/**
 * Inserts rows in batches, each batch as ONE json parameter expanded by json_populate_recordset.
 * PostgreSQL then parses one value instead of tens of thousands of bind parameters: on PGlite this
 * halves the time of the 24,000-row dictionary, which every fresh embedded start pays. Every row must
 * have the same keys (a missing key would insert NULL, not the column default).
 */
async function insertRows<T extends keyof Database & string>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).sort();
  const signature = columns.join(',');
  for (const row of rows) {
    if (Object.keys(row).sort().join(',') !== signature) throw new Error(`${table}: every seeded row needs the same columns`);
  }
  const list = sql.join(columns.map((c) => sql.ref(c)));
  for (let k = 0; k < rows.length; k += BATCH_SIZE) {
    const json = JSON.stringify(rows.slice(k, k + BATCH_SIZE));
    await sql`INSERT INTO ${sql.table(table)} (${list})
      SELECT ${list} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`.execute(trx);
  }
}

/** Tables whose ids the seed writes itself; their sequences are moved past them afterwards. */
const TABLES_WITH_SEEDED_IDS = ['companies', 'contacts', 'labeler_codes', 'registrations', 'jobs', 'order_forms', 'containers', 'line_items'] as const;

/**
 * Fills an empty database with the demo records: the NDC dictionary (with derived package data and
 * custom bulk NDCs), value lists, companies, registrations, jobs, containers and line items.
 * Deterministic: the same `today` gives the same rows, ids included (a seeded generator, no clock).
 * Runs in one transaction (or in the caller's). Refuses a database that already has records.
 */
export async function seedDemoRecords(db: Kysely<Database>, options: SeedDemoOptions): Promise<SeedSummary> {
  const { today, organization } = options;
  assertIsoDate(today);

  const tradePacks = await loadNdcDictionary();
  const companySeed = buildCompanies(today, organization);
  const codeOf = (which: 'own' | 'named' | 'none') => {
    const company = companySeed.companies.find((c) => c.fixture.labelerOrganization === which)!;
    return { organization: company.row.name, labelerCode: company.fixture.labelerCodes![0]! };
  };
  const bulk = bulkNdcEntries({ own: codeOf('own'), other: codeOf('named'), none: { labelerCode: codeOf('none').labelerCode } }, today);
  const registrations = buildRegistrations(today, companySeed.companies);
  const jobs = buildJobs(today, registrations);
  const containers = buildContainers(jobs);
  const lineItems = buildLineItems(containers, { tradePacks, bulk });
  const orderForms = buildOrderForms(lineItems, containers);
  const valueLists = valueListRows();

  const write = async (trx: Kysely<Database>) => {
    const { rows } = await sql<{ taken: boolean }>`
      SELECT EXISTS (SELECT 1 FROM companies) OR EXISTS (SELECT 1 FROM ndc_dictionary) AS taken`.execute(trx);
    if (rows[0]?.taken) throw new Error('The demo seed needs a database without companies or dictionary entries');

    await insertRows(trx, 'value_lists', valueLists);
    await insertRows(trx, 'ndc_dictionary', [...tradePacks, ...bulk]);
    await insertRows(trx, 'companies', companySeed.companies.map((c) => c.row));
    await insertRows(trx, 'contacts', companySeed.contacts);
    await insertRows(trx, 'labeler_codes', companySeed.labelerCodes);
    await insertRows(trx, 'registrations', registrations.map((r) => r.row));
    await insertRows(trx, 'jobs', jobs.map((j) => j.row));
    await trx.updateTable('settings').set({ ...DEMO_SETTINGS, modified_by: 'system' }).where('id', '=', 1).execute();
    await insertRows(trx, 'order_forms', orderForms.forms);
    await insertRows(trx, 'order_form_lines', orderForms.lines);
    await insertRows(trx, 'containers', containers.map((c) => c.row));
    await insertRows(trx, 'line_items', lineItems);
    await confirmDestructionWitnesses(trx, jobs.map((j) => j.row));
    for (const table of TABLES_WITH_SEEDED_IDS) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(trx);
    }
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);

  return {
    dictionaryEntries: tradePacks.length + bulk.length,
    bulkNdcs: bulk.length,
    removedFromArcos: [...tradePacks, ...bulk].filter((e) => e.removed_from_arcos).length,
    valueListEntries: valueLists.length,
    companies: companySeed.companies.length,
    contacts: companySeed.contacts.length,
    labelerCodes: companySeed.labelerCodes.length,
    registrations: registrations.length,
    jobs: jobs.length,
    containers: containers.filter((c) => c.row.kind === 'standard').length,
    ybContainers: containers.filter((c) => c.row.kind === 'yellow_bucket').length,
    orderForms: orderForms.forms.length,
    lineItems: lineItems.filter((i) => i.kind === 'standard').length,
    ybLineItems: lineItems.filter((i) => i.kind === 'yellow_bucket').length,
  };
}
