import { parseArgs } from 'node:util';
import { BULK_NDC_MARKER, computeQuantities, deaActivityLabel, registrantTypeLettersFor, SCHEDULE_FLAGS, type BulkKind, type DeaBusinessActivityCode } from '@3ds/domain';
import pg from 'pg';
import { openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { bulkNdcEntries } from '../seed/bulk-ndcs.ts';
import { assertIsoDate } from '../seed/calendar.ts';
import { buildCompanies, DEMO_COMPANIES } from '../seed/demo-companies.ts';
import { DEMO_SETTINGS } from '../seed/demo-paperwork.ts';
import { buildRegistrations } from '../seed/demo-registrations.ts';
import { addDemoUsers, DEMO_ORGANIZATION, demoToday } from '../seed/seed-demo.ts';
import { loadNdcDictionary } from '../seed/ndc-dictionary.ts';
import {
  BULK_SHARE,
  CAUSES,
  CONTACT_TITLES,
  DESTRUCTION_FACILITIES,
  FIRST_NAMES,
  JOB_PURPOSES,
  LAST_NAMES,
  REPORT_TYPES,
  SOURCE_PROFILE,
  SOURCES,
  STAFF_WITNESSES,
  STATE_NAMES,
  TRANSPORT_FACILITIES,
  TRANSPORT_METHODS,
  TRANSPORTERS,
  type CompanyKind,
  type SourceProfile,
} from '../seed/seed-choices.ts';
import { VALUE_LISTS, valueListRows } from '../seed/value-lists.ts';

const USAGE = `Fill a PostgreSQL database with scale data for the benchmark (docs/performance.md).

  DATABASE_URL=postgres://… npm run seed:scale -- [--line-items N] [--reset] [--today YYYY-MM-DD]

  --line-items N   line items to create (default 1,000,000). The rest scales with it: per 1,000,000 line
                   items 2,000 companies, 5,000 registrations, 20,000 jobs and 100,000 containers
                   (85% standard, 15% Yellow Bucket; line items of both kinds in the same proportion).
  --reset          empty the record tables (and dictionary, value lists, users, sessions, audit) first.
                   Without it the seed refuses a database that holds any of them.
  --today          the day every generated date is relative to (default: today in the demo's time zone,
                   America/New_York). Same day, same data.

Also creates the NDC dictionary, the value lists and the demo users admin, clerk and viewer (password "demo").
PostgreSQL only: the embedded PGlite database is not meant for this size.`;

/** Per 1,000,000 line items (the issue's 1M size). */
const PER_MILLION = { companies: 2_000, registrations: 5_000, jobs: 20_000, containers: 100_000 } as const;
const YELLOW_BUCKET_SHARE = 0.15;
/** Share of jobs that carry Yellow Bucket containers; a Yellow Bucket job's containers are YB with 1/3 chance. */
const JOBS_WITH_YELLOW_BUCKETS = 0.45;

/** Kinds of generated companies, by weight (percent). */
const COMPANY_KIND_WEIGHTS: readonly (readonly [CompanyKind, number])[] = [
  ['pharmacy', 55],
  ['hospital', 15],
  ['practitioner', 10],
  ['distributor', 8],
  ['manufacturer', 7],
  ['lab', 3],
  ['university', 2],
];

/** What a generated company of each kind looks like and holds. */
const KINDS: Readonly<
  Record<CompanyKind, { nouns: string[]; federal: DeaBusinessActivityCode[]; stateLicence: string; statePrefix: string }>
> = {
  pharmacy: {
    nouns: ['Pharmacy', 'Drug', 'Apothecary', 'Family Pharmacy', 'Discount Drugs', 'Rx', 'Pharmacy & Gifts'],
    federal: ['A'],
    stateLicence: 'Retail Pharmacy',
    statePrefix: 'RPH',
  },
  hospital: {
    nouns: ['Medical Center', 'Regional Hospital', 'Community Hospital', 'Health System', "Children's Hospital"],
    federal: ['B'],
    stateLicence: 'Hospital Pharmacy',
    statePrefix: 'HPH',
  },
  practitioner: {
    nouns: ['Family Practice', 'Pain & Wellness Clinic', 'Veterinary Clinic', 'Dental Group', 'Urgent Care'],
    federal: ['C'],
    stateLicence: 'Practitioner',
    statePrefix: 'PRA',
  },
  distributor: {
    nouns: ['Drug Wholesale', 'Pharmaceutical Supply', 'Medical Distributors', 'Healthcare Logistics', 'Specialty Distribution'],
    federal: ['F', 'F', 'K'],
    stateLicence: 'Wholesale Distributor',
    statePrefix: 'WHD',
  },
  manufacturer: {
    nouns: ['Pharmaceuticals', 'Laboratories', 'Therapeutics', 'Generics LLC', 'Fine Chemicals', 'Pharma Inc.'],
    federal: ['E', 'E', 'H', 'J'],
    stateLicence: 'Manufacturer',
    statePrefix: 'MFG',
  },
  lab: {
    nouns: ['Analytical Laboratories', 'Testing Services', 'Research Labs'],
    federal: ['H', 'G'],
    stateLicence: 'Analytical Laboratory',
    statePrefix: 'LAB',
  },
  university: {
    nouns: ['University School of Pharmacy', 'College of Medicine', 'Research Institute'],
    federal: ['D', 'G'],
    stateLicence: 'Research',
    statePrefix: 'RES',
  },
};

const NAME_HEADS = [
  'North', 'South', 'East', 'West', 'Lake', 'River', 'Cedar', 'Maple', 'Pine', 'Oak', 'Harbor', 'Summit', 'Valley', 'Prairie',
  'Coastal', 'Mountain', 'Meadow', 'Granite', 'Silver', 'Golden', 'Bay', 'Canyon', 'Forest', 'Sunrise', 'Liberty', 'Heritage',
  'Pioneer', 'Evergreen', 'Willow', 'Blue', 'Red', 'Green', 'Stone', 'Elm', 'Birch', 'Spring',
];
const NAME_TAILS = ['view', 'side', 'point', 'crest', 'field', 'brook', 'wood', 'ridge', 'gate', 'haven', 'dale', 'port'];
const STREETS = [
  'Main Street', 'Oak Avenue', 'Commerce Drive', 'Industrial Way', 'Broadway', 'Elm Street', 'Park Avenue', 'Washington Street',
  'Market Street', 'Center Street', 'Lakeshore Drive', 'Highland Road', 'Research Boulevard', 'Medical Parkway', 'Depot Street',
];

/** A trade pack's line item holds at most this many packages (the draw takes 1-3, 4-12 or 13-48; 1-2 or 3-6 in a Yellow Bucket). */
const MAX_PACK_QUANTITY = 48;
/** Fills of a partial package (one package, when the fill's count of units is whole). */
const PARTIAL_FILLS = [0.5, 0.25, 0.75, 0.2, 0.4, 0.6, 0.8, 0.1] as const;
/** The units a whole number of packages counted in units (`U`) may be entered in instead: thousands and dozens. */
const COUNT_UNITS = ['K', 'D'] as const;

/**
 * How often each dictionary entry is drawn: Schedule II and IV products are the common returns
 * (about half and 40% of the line items), and some products are more popular than others
 * (a factor of 1 to 3 per NDC). With these weights "oxy" begins a word of about 10% of the descriptions.
 */
const SCHEDULE_WEIGHT_SQL = `CASE d.schedule WHEN '2' THEN 7 WHEN '4' THEN 4 ELSE 2 END`;

/** `[[v, w], …]` → an array holding each value w times (drawn uniformly, that is v with weight w). */
function expand<T>(choices: readonly (readonly [T, number])[]): T[] {
  return choices.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
}

/** A prime that does not divide n: i ↦ (i × p) mod n is then a permutation of 0…n-1. */
function scatterPrime(n: number): number {
  return [7919, 104_729, 1_299_709].find((p) => n % p !== 0)!;
}

export interface ScaleCounts {
  companies: number;
  registrations: number;
  jobs: number;
  containers: number;
  lineItems: number;
}

/** The demo fixture's 40 companies and 120 registrations come first; the rest scales with the line items. */
export function scaleCounts(lineItems: number): ScaleCounts {
  const f = lineItems / 1_000_000;
  const companies = Math.max(DEMO_COMPANIES.length, Math.round(PER_MILLION.companies * f));
  const registrations = Math.max(120 + (companies - DEMO_COMPANIES.length), Math.round(PER_MILLION.registrations * f));
  return {
    companies,
    registrations,
    jobs: Math.max(10, Math.round(PER_MILLION.jobs * f)),
    containers: Math.max(10, Math.round(PER_MILLION.containers * f)),
    lineItems,
  };
}

/**
 * Session helpers. rnd(k, salt) is a deterministic pseudo-random number in [0, 1): the same key and
 * salt give the same number, so the same --line-items and --today give the same data.
 */
const HELPERS_SQL = `
CREATE FUNCTION pg_temp.rnd(k bigint, salt bigint) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT ((hashint8extended(k, salt) >> 11) & 9007199254740991)::double precision / 9007199254740992 $$;
CREATE FUNCTION pg_temp.pick(a anyarray, r double precision) RETURNS anyelement LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT a[1 + floor(r * cardinality(a))::int] $$;
CREATE FUNCTION pg_temp.int_in(lo integer, hi integer, r double precision) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT lo + floor(r * (hi - lo + 1))::int $$;
CREATE FUNCTION pg_temp.scatter(i bigint, n bigint, p bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT ((i * p) % n)::int $$;
CREATE FUNCTION pg_temp.moment(d date, minute integer) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT (d + make_interval(mins => minute)) AT TIME ZONE 'UTC' $$;
CREATE FUNCTION pg_temp.padded(n bigint, width integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT lpad(n::text, greatest(width, length(n::text)), '0') $$;
`;

class Progress {
  readonly #start = performance.now();

  async step<T>(label: string, run: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    process.stdout.write(`  ${label} … `);
    const result = await run();
    console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  }

  elapsed(): string {
    return `${((performance.now() - this.#start) / 1000).toFixed(1)} s`;
  }
}

async function insertJson(client: pg.Client, table: string, rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const list = columns.map((c) => `"${c}"`).join(', ');
  for (let k = 0; k < rows.length; k += 5000) {
    await client.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`, [
      JSON.stringify(rows.slice(k, k + 5000)),
    ]);
  }
}

/**
 * What --reset empties and what must be empty without it: the record tables and the accounts
 * (users, sessions, audit). Other tables (e.g. bookkeeping a migration fills) are left alone.
 */
const SEEDED_TABLES = [
  'line_items', 'containers', 'job_files', 'notifications', 'jobs', 'registrations', 'labeler_codes', 'contacts', 'companies',
  'ndc_dictionary', 'value_lists', 'files', 'audit_log', 'sessions', 'login_failures', 'login_lockouts', 'users',
];

/** The triggers that refuse TRUNCATE (the audit trail's and the kept records'), with their tables. */
async function truncateGuards(client: pg.Client): Promise<{ table: string; trigger: string }[]> {
  const { rows } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     WHERE NOT t.tgisinternal AND t.tgname LIKE '%\\_no\\_truncate' ORDER BY 1, 2`,
  );
  return rows;
}

async function existingTables(client: pg.Client, names: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY($1::text[])`,
    [names],
  );
  const found = new Set(rows.map((r) => r.name));
  return names.filter((n) => found.has(n));
}

async function main() {
  const { values } = parseArgs({
    options: {
      'line-items': { type: 'string', default: '1000000' },
      reset: { type: 'boolean', default: false },
      today: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const lineItems = Number(values['line-items']!.replace(/[_,]/g, ''));
  if (!Number.isInteger(lineItems) || lineItems < 1000 || lineItems > 50_000_000) {
    throw new UsageError(`--line-items must be a whole number between 1,000 and 50,000,000, not "${values['line-items']}".`);
  }
  const today = values.today ?? demoToday();
  assertIsoDate(today);
  // Read directly: loadConfig() would also demand a JWT_SECRET, which seeding does not need.
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new UsageError(
      'PostgreSQL only: set DATABASE_URL=postgres://… (the embedded PGlite database, used when DATABASE_URL is unset, is not meant for a million rows).',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError('DATABASE_URL must be a postgres:// or postgresql:// URL.');

  const counts = scaleCounts(lineItems);
  const progress = new Progress();
  console.log(
    `Scale seed on ${redact(url)}: ${counts.lineItems.toLocaleString('en-US')} line items, ${counts.containers.toLocaleString('en-US')} containers, ` +
      `${counts.jobs.toLocaleString('en-US')} jobs, ${counts.registrations.toLocaleString('en-US')} registrations, ` +
      `${counts.companies.toLocaleString('en-US')} companies; dates relative to ${today}.`,
  );

  const handle = openPostgres(url, 2);
  const client = new pg.Client({ connectionString: url });
  try {
    await progress.step('migrations', () => migrate(handle));
    await client.connect();
    await client.query('BEGIN');
    const tables = await existingTables(client, SEEDED_TABLES);
    if (values.reset) {
      // The audit trail and the kept records refuse TRUNCATE (010_records_that_stay.sql,
      // 076_kept_records.sql). Wiping a scale database is the one deliberate exception: the refusal is
      // lifted for this transaction only, by the table owner.
      await progress.step('reset (TRUNCATE the record and account tables)', async () => {
        const guarded = await truncateGuards(client);
        for (const { table, trigger } of guarded) await client.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER ${quoteIdent(trigger)}`);
        // With the word index and the change log, which the records' triggers would otherwise empty row by row.
        const derived = await existingTables(client, ['search_words', 'record_changes', 'value_counts']);
        await client.query(`TRUNCATE ${[...tables, ...derived].map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);
        for (const { table, trigger } of guarded) await client.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER ${quoteIdent(trigger)}`);
      });
    } else {
      const probe = tables.map((t) => `SELECT '${t}' AS t WHERE EXISTS (SELECT 1 FROM ${quoteIdent(t)})`).join(' UNION ALL ');
      const { rows } = await client.query<{ t: string }>(probe);
      if (rows.length) {
        throw new UsageError(`The database is not empty (${rows.map((r) => r.t).join(', ')} hold rows). Run again with --reset to empty it first.`);
      }
    }
    await client.query(`SET LOCAL work_mem = '512MB'`);
    await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
    await client.query(HELPERS_SQL);

    // The change log and the word index are written by statement triggers row set by row set; for a
    // bulk load they are written once at the end instead (the log is not needed: nothing counted
    // before this transaction can be brought forward past it).
    const quiet = await progress.step('hold the change log and word index triggers', () => holdBulkTriggers(client));
    await progress.step('value lists and NDC dictionary', () => seedDictionary(client, today));
    await progress.step(`companies (${counts.companies.toLocaleString('en-US')}) and registrations (${counts.registrations.toLocaleString('en-US')})`, () =>
      seedCompaniesAndRegistrations(client, today, counts),
    );
    await progress.step(`jobs (${counts.jobs.toLocaleString('en-US')})`, () => seedJobs(client, today, counts));
    await progress.step(`containers (${counts.containers.toLocaleString('en-US')})`, () => seedContainers(client, counts));
    const indexes = await progress.step('drop the non-constraint indexes of line_items and search_words', () => dropBulkIndexes(client));
    await progress.step(`line items (${counts.lineItems.toLocaleString('en-US')})`, () => seedLineItems(client, counts));
    await progress.step('registrations hold the schedules of their jobs\' line items', () => coverHeldSchedules(client));
    await progress.step('word index (search_words)', () => fillSearchWords(client));
    await progress.step('value counts (value_counts)', () => client.query('SELECT fill_value_counts()'));
    for (const index of indexes) {
      await progress.step(`index ${index.name}`, () => client.query(index.definition));
    }
    await progress.step('release the change log and word index triggers', () => releaseBulkTriggers(client, quiet));
    await progress.step('sequences', async () => {
      for (const table of ['companies', 'contacts', 'labeler_codes', 'registrations', 'jobs', 'containers', 'line_items']) {
        await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`, [table]);
      }
    });
    await progress.step('commit', () => client.query('COMMIT'));

    await progress.step('demo users admin, clerk, viewer', () => addDemoUsers(handle, 'seed:scale'));
    await progress.step('VACUUM ANALYZE', () => client.query('VACUUM (ANALYZE)'));
    await report(client);
    console.log(`Done in ${progress.elapsed()}.`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
    await handle.close();
  }
}

/** Value lists, the 23,890 trade packs of the demo dictionary and its custom bulk NDCs. */
async function seedDictionary(client: pg.Client, today: string): Promise<void> {
  await insertJson(client, 'value_lists', valueListRows());
  const tradePacks = await loadNdcDictionary();
  const companies = buildCompanies(today, DEMO_ORGANIZATION).companies;
  const codeOf = (which: 'own' | 'named' | 'none') => {
    const company = companies.find((c) => c.fixture.labelerOrganization === which)!;
    return { organization: company.row.name, labelerCode: company.fixture.labelerCodes![0]! };
  };
  const bulk = bulkNdcEntries({ own: codeOf('own'), other: codeOf('named'), none: { labelerCode: codeOf('none').labelerCode } }, today);
  await insertJson(client, 'ndc_dictionary', [...tradePacks, ...bulk]);
}

async function seedCompaniesAndRegistrations(client: pg.Client, today: string, counts: ScaleCounts): Promise<void> {
  // The demo's 40 companies (with contacts and labeler codes) and their 120 registrations, as the demo seeds them.
  const demo = buildCompanies(today, DEMO_ORGANIZATION);
  const demoRegistrations = buildRegistrations(today, demo.companies);
  await insertJson(client, 'companies', demo.companies.map((c) => c.row));
  await insertJson(client, 'contacts', demo.contacts);
  await insertJson(client, 'labeler_codes', demo.labelerCodes);
  await insertJson(client, 'registrations', demoRegistrations.map((r) => r.row));
  // Our own registration, as the demo has it: documents print it.
  const ours = Object.entries(DEMO_SETTINGS);
  await client.query(
    `UPDATE settings SET ${ours.map(([column], k) => `${quoteIdent(column)} = $${k + 1}`).join(', ')}, modified_by = 'system' WHERE id = 1`,
    ours.map(([, value]) => value),
  );

  await client.query(`
    CREATE TEMP TABLE s_kind (kind text PRIMARY KEY, profile text, nouns text[], federal text[], state_licence text,
      state_prefix text, titles text[]);
    CREATE TEMP TABLE s_activity (label text PRIMARY KEY, letters text[]);
    CREATE TEMP TABLE s_company (id integer PRIMARY KEY, kind text NOT NULL);
    CREATE TEMP TABLE s_place (n integer PRIMARY KEY, city text, state text, zip text, area text);
    CREATE TEMP TABLE s_state (code text PRIMARY KEY, name text);`);
  await insertJson(
    client,
    's_kind',
    Object.entries(KINDS).map(([kind, k]) => ({
      kind,
      profile: SOURCE_PROFILE[kind as CompanyKind],
      nouns: k.nouns,
      federal: k.federal.map((code) => deaActivityLabel(code)),
      state_licence: k.stateLicence,
      state_prefix: k.statePrefix,
      titles: CONTACT_TITLES[kind as CompanyKind],
    })),
  );
  // A DEA number's first letter follows its business activity (registrantTypeLettersFor).
  const activities = [...new Set(Object.values(KINDS).flatMap((k) => k.federal))];
  await insertJson(client, 's_activity', activities.map((code) => ({ label: deaActivityLabel(code), letters: registrantTypeLettersFor(code) })));
  await insertJson(client, 's_company', demo.companies.map((c) => ({ id: c.row.id, kind: c.fixture.kind })));
  await insertJson(client, 's_place', DEMO_COMPANIES.map((c, k) => ({ n: k + 1, city: c.city, state: c.state, zip: c.zip, area: c.areaCode })));
  await insertJson(client, 's_state', Object.entries(STATE_NAMES).map(([code, name]) => ({ code, name })));

  const firstCompany = demo.companies.length + 1;
  const generatedCompanies = counts.companies - demo.companies.length;
  if (generatedCompanies > 0) {
    await client.query(`INSERT INTO s_company (id, kind) SELECT g, pg_temp.pick($1::text[], pg_temp.rnd(g, 101)) FROM generate_series($2::int, $3::int) g`, [
      expand(COMPANY_KIND_WEIGHTS),
      firstCompany,
      counts.companies,
    ]);
    await client.query(
      `INSERT INTO companies (id, name, address1, address2, city, state, zip, main_phone, fax, report_type, created_at, created_by, modified_at, modified_by)
       SELECT id, name, address1, address2, city, state, zip, main_phone, fax, report_type, created_at, created_by,
         CASE WHEN edited THEN pg_temp.moment(created_day + pg_temp.int_in(30, 1500, pg_temp.rnd(id, 115)), 780 + pg_temp.int_in(0, 540, pg_temp.rnd(id, 116)))
           ELSE created_at END,
         CASE WHEN edited THEN pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(id, 117)) ELSE created_by END
       FROM (
         SELECT s.id,
           pg_temp.pick($1::text[], pg_temp.rnd(s.id, 102)) || pg_temp.pick($2::text[], pg_temp.rnd(s.id, 103)) || ' '
             || pg_temp.pick(k.nouns, pg_temp.rnd(s.id, 104)) AS name,
           pg_temp.int_in(100, 9899, pg_temp.rnd(s.id, 105)) || ' ' || pg_temp.pick($3::text[], pg_temp.rnd(s.id, 106)) AS address1,
           CASE WHEN pg_temp.rnd(s.id, 107) < 0.15
             THEN pg_temp.pick(ARRAY['Suite 100', 'Suite 200', 'Building B', 'Unit 4', 'Dock 2'], pg_temp.rnd(s.id, 108)) END AS address2,
           p.city, p.state, p.zip,
           '(' || p.area || ') 555-01' || pg_temp.padded(pg_temp.int_in(0, 99, pg_temp.rnd(s.id, 109)), 2) AS main_phone,
           CASE WHEN pg_temp.rnd(s.id, 110) < 0.7 THEN '(' || p.area || ') 555-01' || pg_temp.padded(pg_temp.int_in(0, 99, pg_temp.rnd(s.id, 111)), 2) END AS fax,
           nullif(concat_ws(E'\\r',
             CASE WHEN pg_temp.rnd(s.id, 120) < 0.8 THEN $4::text END,
             CASE WHEN pg_temp.rnd(s.id, 121) < 0.25 THEN $5::text END,
             CASE WHEN pg_temp.rnd(s.id, 122) < 0.25 THEN $6::text END,
             CASE WHEN pg_temp.rnd(s.id, 123) < 0.25 THEN $7::text END,
             CASE WHEN pg_temp.rnd(s.id, 124) < 0.25 THEN $8::text END), '') AS report_type,
           $9::date - pg_temp.int_in(60, 1900, pg_temp.rnd(s.id, 112)) AS created_day,
           pg_temp.moment($9::date - pg_temp.int_in(60, 1900, pg_temp.rnd(s.id, 112)), 780 + pg_temp.int_in(0, 540, pg_temp.rnd(s.id, 113))) AS created_at,
           pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(s.id, 114)) AS created_by,
           pg_temp.rnd(s.id, 118) < 0.4 AS edited
         FROM s_company s
         JOIN s_kind k ON k.kind = s.kind
         JOIN s_place p ON p.n = 1 + floor(pg_temp.rnd(s.id, 119) * $10::int)::int
         WHERE s.id >= $11::int
       ) c
       ORDER BY id`,
      [NAME_HEADS, NAME_TAILS, STREETS, ...REPORT_TYPES, today, DEMO_COMPANIES.length, firstCompany],
    );
    // One to three contacts per generated company (after the demo's, whose ids the demo set).
    await client.query(`SELECT setval(pg_get_serial_sequence('contacts', 'id'), (SELECT max(id) FROM contacts))`);
    await client.query(
      `INSERT INTO contacts (company_id, last_name, first_name, title, city, direct_phone, extension, created_at, created_by, modified_at, modified_by)
       SELECT c.id, pg_temp.pick($1::text[], pg_temp.rnd(c.id * 8 + n, 131)), pg_temp.pick($2::text[], pg_temp.rnd(c.id * 8 + n, 132)),
         k.titles[1 + (n - 1) % cardinality(k.titles)], c.city, c.main_phone,
         CASE WHEN pg_temp.rnd(c.id * 8 + n, 133) < 0.4 THEN pg_temp.int_in(100, 4999, pg_temp.rnd(c.id * 8 + n, 134))::text END,
         c.created_at, c.created_by, c.created_at, c.created_by
       FROM companies c
       JOIN s_company s ON s.id = c.id
       JOIN s_kind k ON k.kind = s.kind
       CROSS JOIN LATERAL generate_series(1, pg_temp.int_in(1, 3, pg_temp.rnd(c.id, 130))) n
       WHERE c.id >= $3::int
       ORDER BY c.id, n`,
      [LAST_NAMES, FIRST_NAMES, firstCompany],
    );
  }

  const firstRegistration = demoRegistrations.length + 1;
  if (counts.registrations >= firstRegistration) {
    // The first registrations give each generated company one; the rest go to companies at random,
    // some companies holding many (a chain's sites).
    await client.query(
      `INSERT INTO registrations (id, company_id, registration_number, activity, expiration_date, status_mask, license_type, license_number,
         federal_agency, state_agency, address1, address2, address3, city, state, zip,
         schedule_1, schedule_1n, schedule_2, schedule_2n, schedule_3, schedule_3n, schedule_4, schedule_4n, schedule_5, schedule_5n, schedule_lc, schedule_nc,
         created_at, created_by, modified_at, modified_by)
       SELECT b.id, c.id, number.value, CASE WHEN b.federal THEN act.label ELSE k.state_licence END,
         expiry.expiration_date, expiry.status, CASE WHEN b.federal THEN 'Federal' ELSE 'State' END, number.value,
         CASE WHEN b.federal THEN 'Drug Enforcement Administration' END,
         CASE WHEN NOT b.federal THEN coalesce(st.name, c.state) || ' Board of Pharmacy' END,
         c.address1, c.address2, NULL, c.city, c.state, c.zip,
         k.profile = 'research' OR (k.profile = 'supplier' AND pg_temp.rnd(b.id, 220) < 0.3),
         k.profile = 'research' OR (k.profile = 'supplier' AND pg_temp.rnd(b.id, 220) < 0.3),
         k.profile <> 'dispenser' OR pg_temp.rnd(b.id, 221) < 0.9,
         k.profile <> 'dispenser' OR pg_temp.rnd(b.id, 221) < 0.9,
         true, true, true, k.profile = 'research', true, k.profile = 'research',
         k.profile <> 'dispenser' AND pg_temp.rnd(b.id, 222) < 0.5,
         true,
         b.created_at, b.created_by, b.created_at, b.created_by
       FROM (
         SELECT g AS id,
           CASE WHEN g - $1::int < $2::int THEN $3::int + (g - $1::int)
             ELSE $3::int + pg_temp.scatter(floor($2::int * pg_temp.rnd(g, 201) ^ 1.5)::bigint, $2::int, $4::int) END AS company_id,
           -- A company's first registration is its DEA registration, which its jobs go on (registrants.ts).
           (g - $1::int < $2::int OR pg_temp.rnd(g, 202) < 0.8) AS federal,
           pg_temp.moment($5::date - pg_temp.int_in(30, 1850, pg_temp.rnd(g, 206)), 780 + pg_temp.int_in(0, 540, pg_temp.rnd(g, 207))) AS created_at,
           pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(g, 208)) AS created_by
         FROM generate_series($1::int, $6::int) g
       ) b
       JOIN companies c ON c.id = b.company_id
       JOIN s_company s ON s.id = c.id
       JOIN s_kind k ON k.kind = s.kind
       LEFT JOIN s_state st ON st.code = c.state
       CROSS JOIN LATERAL (SELECT pg_temp.padded((b.id::bigint * 7919 + 104729) % 1000000, 6) AS six) d
       CROSS JOIN LATERAL (SELECT pg_temp.pick(k.federal, pg_temp.rnd(b.id, 205)) AS label) act
       LEFT JOIN s_activity sa ON sa.label = act.label
       CROSS JOIN LATERAL (
         SELECT CASE WHEN b.federal
           THEN pg_temp.pick(sa.letters, pg_temp.rnd(b.id, 203)) || CASE WHEN c.name ~ '^[A-Za-z]' THEN upper(left(c.name, 1)) ELSE '9' END || d.six
             || ((substr(d.six, 1, 1)::int + substr(d.six, 3, 1)::int + substr(d.six, 5, 1)::int
                  + 2 * (substr(d.six, 2, 1)::int + substr(d.six, 4, 1)::int + substr(d.six, 6, 1)::int)) % 10)
           ELSE c.state || '-' || k.state_prefix || '-' || pg_temp.padded(pg_temp.int_in(0, 999999, pg_temp.rnd(b.id, 204)), 6) END AS value
       ) number
       CROSS JOIN LATERAL (
         SELECT CASE WHEN r < 0.2 THEN $5::date - pg_temp.int_in(1, 900, pg_temp.rnd(b.id, 211))
                     WHEN r < 0.35 THEN $5::date + pg_temp.int_in(0, 60, pg_temp.rnd(b.id, 211))
                     ELSE $5::date + pg_temp.int_in(61, 1095, pg_temp.rnd(b.id, 211)) END AS expiration_date,
                CASE WHEN r < 0.2 THEN 'Expired' WHEN r < 0.35 AND pg_temp.rnd(b.id, 212) < 0.5 THEN 'Renewal Pending' ELSE 'Active' END AS status
         FROM (SELECT pg_temp.rnd(b.id, 210) AS r) x
       ) expiry
       ORDER BY b.id`,
      [firstRegistration, generatedCompanies, firstCompany, scatterPrime(generatedCompanies), today, counts.registrations],
    );
  }
}

async function seedJobs(client: pg.Client, today: string, counts: ScaleCounts): Promise<void> {
  const registrations = Math.max(counts.registrations, 120);
  // Registration of each job: skewed (a few clients send many jobs), scattered over the ids.
  // Dates over three years, recent ones more often; a job on an expired registration ended before it expired.
  await client.query(
    `CREATE TEMP TABLE s_job_draft AS
     SELECT g, r.id AS registration_id, r.company_id, dates.*, dates.initiated - pg_temp.int_in(0, 7, pg_temp.rnd(g, 304)) AS filed
     FROM generate_series(1, $1::int) g
     JOIN registrations drawn ON drawn.id = 1 + pg_temp.scatter(floor($2::int * pg_temp.rnd(g, 301) ^ 1.5)::bigint, $2::int, $3::int)
     -- Controlled substances come back only from DEA registrants (registrants.ts): a job drawn on a
     -- State licence goes on its company's DEA registration.
     JOIN LATERAL (
       SELECT * FROM registrations f WHERE f.company_id = drawn.company_id AND f.license_type = 'Federal'
       ORDER BY f.id = drawn.id DESC, f.id LIMIT 1
     ) r ON true
     CROSS JOIN LATERAL (
       SELECT CASE WHEN r.expiration_date < $4::date
           THEN greatest($4::date - 1095, least($4::date - floor(1095 * pg_temp.rnd(g, 302) ^ 1.3)::int, r.expiration_date - pg_temp.int_in(20, 365, pg_temp.rnd(g, 303))))
           ELSE $4::date - floor(1095 * pg_temp.rnd(g, 302) ^ 1.3)::int END AS initiated
     ) i
     CROSS JOIN LATERAL (
       SELECT i.initiated,
         i.initiated + c1 AS confirmed_c,
         i.initiated + c1 + c2 AS transfer_c,
         i.initiated + c1 + c2 + c3 AS vault_c,
         i.initiated + c1 + c2 + c3 + c4 AS destroyed_c,
         i.initiated + c1 + c2 + c3 + c4 + c5 AS completed_c
       FROM (SELECT pg_temp.int_in(1, 4, pg_temp.rnd(g, 305)) AS c1, pg_temp.int_in(1, 14, pg_temp.rnd(g, 306)) AS c2,
                    pg_temp.int_in(0, 2, pg_temp.rnd(g, 307)) AS c3, pg_temp.int_in(1, 30, pg_temp.rnd(g, 308)) AS c4,
                    pg_temp.int_in(3, 30, pg_temp.rnd(g, 309)) AS c5) o
     ) dates`,
    [counts.jobs, registrations, scatterPrime(registrations), today],
  );
  await client.query(
    `INSERT INTO jobs (id, registration_id, supplier_registration_id, name, status, activity, date_filed, date_initiated, date_confirmed,
       date_transfer, date_destroyed, date_vault_in, date_vault_out, date_completed, locked, sister_job_id, facility_transported_to,
       transporter, transport_method, disposal_method, transfer_witness_1, transfer_witness_2, destruction_witness_1, destruction_witness_2,
       cwf_number, created_at, created_by, modified_at, modified_by, date_received, destruction_facility, destruction_facility_address)
     SELECT id, registration_id, supplier_registration_id, name, status, activity, filed, initiated, confirmed, transfer, destroyed, vault_in,
       destroyed, completed, locked, NULL, CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($3::text[], pg_temp.rnd(id, 320)) END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($4::text[], pg_temp.rnd(id, 321)) END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($5::text[], pg_temp.rnd(id, 322)) END,
       CASE WHEN destroyed IS NOT NULL THEN CASE WHEN pg_temp.rnd(id, 323) < 0.85 THEN 'Incineration' ELSE 'Chemical Digestion' END END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($6::text[], pg_temp.rnd(id, 324)) || ' ' || pg_temp.pick($7::text[], pg_temp.rnd(id, 325)) END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($6::text[], pg_temp.rnd(id, 326)) || ' ' || pg_temp.pick($7::text[], pg_temp.rnd(id, 327)) END,
       CASE WHEN destroyed IS NOT NULL THEN ($8::text[])[1 + id % cardinality($8::text[])] END,
       CASE WHEN destroyed IS NOT NULL THEN ($8::text[])[1 + (id + 3) % cardinality($8::text[])] END,
       CASE WHEN destroyed IS NOT NULL THEN 'CWF-' || extract(year FROM destroyed) || '-' || pg_temp.padded(id, 5) END,
       pg_temp.moment(filed, 780 + pg_temp.int_in(0, 540, pg_temp.rnd(id, 328))),
       created_by,
       pg_temp.moment(coalesce(completed, destroyed, vault_in, transfer, confirmed, filed), 780 + pg_temp.int_in(0, 540, pg_temp.rnd(id, 329))),
       CASE WHEN pg_temp.rnd(id, 330) < 0.7 THEN created_by ELSE 'admin' END,
       vault_in,
       CASE WHEN destroyed IS NOT NULL THEN ($9::text[])[1 + id % cardinality($9::text[])] END,
       CASE WHEN destroyed IS NOT NULL THEN ($10::text[])[1 + id % cardinality($10::text[])] END
     FROM (
       SELECT row_number() OVER (ORDER BY d.filed, d.g)::int AS id, d.*,
         CASE WHEN d.completed IS NOT NULL THEN pg_temp.rnd(d.g, 312) < 0.45
              WHEN d.destroyed IS NOT NULL THEN pg_temp.rnd(d.g, 312) < 0.3 ELSE false END AS locked,
         CASE WHEN d.completed IS NOT NULL THEN 'Completed' WHEN d.destroyed IS NOT NULL THEN 'Destroyed' WHEN d.vault_in IS NOT NULL THEN 'In Vault'
              WHEN d.transfer IS NOT NULL THEN 'In Transit' WHEN d.confirmed IS NOT NULL THEN 'Confirmed' ELSE 'Open' END AS status,
         CASE WHEN pg_temp.rnd(d.g, 313) < 0.2 AND cardinality(dist.ids) > 0 THEN pg_temp.pick(dist.ids, pg_temp.rnd(d.g, 314)) END AS supplier_registration_id,
         c.name || ' ' || to_char(d.initiated, 'MM/YYYY') || ' ' || pg_temp.pick($2::text[], pg_temp.rnd(d.g, 315)) AS name,
         r.activity,
         pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(d.g, 316)) AS created_by
       FROM (
         SELECT g, registration_id, company_id, filed, initiated,
           CASE WHEN confirmed_c <= $1::date THEN confirmed_c END AS confirmed,
           CASE WHEN transfer_c <= $1::date THEN transfer_c END AS transfer,
           CASE WHEN vault_c <= $1::date THEN vault_c END AS vault_in,
           CASE WHEN destroyed_c <= $1::date THEN destroyed_c END AS destroyed,
           CASE WHEN completed_c <= $1::date THEN completed_c END AS completed
         FROM s_job_draft
       ) d
       JOIN registrations r ON r.id = d.registration_id
       JOIN companies c ON c.id = d.company_id
       CROSS JOIN (
         SELECT coalesce(array_agg(r.id ORDER BY r.id), '{}') AS ids FROM registrations r JOIN s_company s ON s.id = r.company_id
         WHERE s.kind = 'distributor' AND r.license_type = 'Federal'
       ) dist
     ) j
     ORDER BY id`,
    [
      today, JOB_PURPOSES, TRANSPORT_FACILITIES, TRANSPORTERS, TRANSPORT_METHODS, FIRST_NAMES, LAST_NAMES, STAFF_WITNESSES,
      DESTRUCTION_FACILITIES.map((f) => f.name), DESTRUCTION_FACILITIES.map((f) => f.address),
    ],
  );
  // What containers and line items need to know of their job: picked-up jobs only (an open job has none yet).
  await client.query(
    `CREATE TEMP TABLE s_job AS
     SELECT row_number() OVER (ORDER BY j.id)::int AS n, j.id, j.locked, coalesce(j.date_transfer, j.date_confirmed) AS packed_on,
       j.status, j.cwf_number, k.profile, (r.schedule_2 AND r.schedule_2n) AS c2, pg_temp.rnd(j.id, 310) < $1::float8 AS has_yb
     FROM jobs j
     JOIN registrations r ON r.id = j.registration_id
     JOIN s_company s ON s.id = r.company_id
     JOIN s_kind k ON k.kind = s.kind
     WHERE coalesce(j.date_transfer, j.date_confirmed) IS NOT NULL`,
    [JOBS_WITH_YELLOW_BUCKETS],
  );
  await client.query('ALTER TABLE s_job ADD PRIMARY KEY (n); CREATE UNIQUE INDEX ON s_job (id); ANALYZE s_job');
}

async function seedContainers(client: pg.Client, counts: ScaleCounts): Promise<void> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM s_job');
  const packedJobs = rows[0]!.n;
  // Containers per job are skewed (most jobs a few, some a hundred and more), scattered over the jobs.
  await client.query(
    `INSERT INTO containers (id, kind, job_id, name, pallet, container_type, package_weight, net_weight, gross_uom, locked, zi_package_size,
       created_at, created_by, modified_at, modified_by)
     SELECT id, kind, job_id, name, 'PLT-' || pg_temp.int_in(1, 3, pg_temp.rnd(id, 410)),
       CASE WHEN yb THEN pg_temp.pick($3::text[], pg_temp.rnd(id, 411)) ELSE pg_temp.pick($4::text[], pg_temp.rnd(id, 411)) END,
       CASE WHEN weighed THEN trim_scale(round((tare_lb * factor)::numeric, 2)) END,
       CASE WHEN weighed THEN trim_scale(round((net_lb * factor)::numeric, 2)) END,
       uom, locked, NULL,
       pg_temp.moment(packed_on, least(840 + pos * 7, 1320)), created_by, pg_temp.moment(packed_on, least(840 + pos * 7, 1320)), created_by
     FROM (
       SELECT x.*, CASE uom WHEN 'kg' THEN 0.45359237 WHEN 'g' THEN 453.59237 ELSE 1 END AS factor
       FROM (
         SELECT row_number() OVER (ORDER BY d.job_id, d.kind, d.g)::int AS id, d.kind, d.job_id, d.yb, d.packed_on,
           'J' || d.job_id || '-' || CASE WHEN d.yb THEN 'YB' ELSE 'C' END || pg_temp.padded(row_number() OVER (PARTITION BY d.job_id, d.kind ORDER BY d.g), 2) AS name,
           (row_number() OVER (PARTITION BY d.job_id ORDER BY d.kind, d.g) - 1)::int AS pos,
           CASE WHEN d.yb THEN (CASE WHEN pg_temp.rnd(d.g, 403) < 0.7 THEN 'Lb' WHEN pg_temp.rnd(d.g, 403) < 0.95 THEN 'kg' ELSE 'g' END)
                ELSE (CASE WHEN pg_temp.rnd(d.g, 403) < 0.6 THEN 'lbs' ELSE 'kg' END) END AS uom,
           d.status <> 'Confirmed' OR pg_temp.rnd(d.g, 404) < 0.3 AS weighed,
           CASE WHEN d.yb THEN pg_temp.int_in(8, 60, pg_temp.rnd(d.g, 405)) ELSE pg_temp.int_in(5, 40, pg_temp.rnd(d.g, 405)) / 10.0 END AS tare_lb,
           CASE WHEN d.yb THEN pg_temp.int_in(200, 30000, pg_temp.rnd(d.g, 406)) / 100.0 ELSE pg_temp.int_in(50, 6000, pg_temp.rnd(d.g, 406)) / 100.0 END AS net_lb,
           d.job_locked OR pg_temp.rnd(d.g, 407) < 0.08 AS locked,
           pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(d.g, 408)) AS created_by
         FROM (
           SELECT c.g, j.id AS job_id, j.status, j.locked AS job_locked, j.packed_on, y.yb,
             CASE WHEN y.yb THEN 'yellow_bucket' ELSE 'standard' END AS kind
           FROM (
             SELECT g, 1 + pg_temp.scatter(floor($1::int * pg_temp.rnd(g, 401) ^ 1.6)::bigint, $1::int, $5::int) AS n
             FROM generate_series(1, $2::int) g
           ) c
           JOIN s_job j ON j.n = c.n
           CROSS JOIN LATERAL (SELECT j.has_yb AND pg_temp.rnd(c.g, 402) < $6::float8 AS yb) y
         ) d
       ) x
     ) y
     ORDER BY id`,
    [packedJobs, counts.containers, VALUE_LISTS['YB Container Type'], VALUE_LISTS['Container Type'], scatterPrime(packedJobs), YELLOW_BUCKET_SHARE / JOBS_WITH_YELLOW_BUCKETS],
  );
  await client.query(
    `CREATE TEMP TABLE s_container AS
     SELECT ct.id, ct.job_id, ct.kind, ct.locked, j.packed_on, j.profile, j.c2, j.cwf_number,
       (extract(epoch FROM ct.created_at - pg_temp.moment(j.packed_on, 0)) / 60)::int AS minute
     FROM containers ct JOIN s_job j ON j.id = ct.job_id;
     ALTER TABLE s_container ADD PRIMARY KEY (id);
     ANALYZE s_container`,
  );
}

/** The triggers that keep the change log and the word index (016_record_changes.sql, 015_search_words.sql), by table. */
async function holdBulkTriggers(client: pg.Client): Promise<{ table: string; trigger: string }[]> {
  const { rows } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
       AND (p.proname IN ('log_record_rows', 'log_record_table', 'truncate_search_words', 'truncate_value_counts') OR p.proname LIKE '%\\_sync\\_search\\_words' OR p.proname LIKE '%\\_sync\\_value\\_counts')
     ORDER BY 1, 2`,
  );
  for (const { table, trigger } of rows) await client.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER ${quoteIdent(trigger)}`);
  return rows;
}

/**
 * The triggers back on, with what they would have written: every record's words, and a change log
 * floor at this transaction's snapshot, so that a count kept from before the load is made afresh.
 */
async function releaseBulkTriggers(client: pg.Client, held: readonly { table: string; trigger: string }[]): Promise<void> {
  for (const { table, trigger } of held) await client.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER ${quoteIdent(trigger)}`);
  await client.query('DELETE FROM record_changes');
  await client.query('UPDATE record_changes_floor SET snapshot = pg_current_snapshot()');
  await client.query('DELETE FROM count_cache');
}

/** The word index of every line item, container and job, made set-based from the migration's functions. */
async function fillSearchWords(client: pg.Client): Promise<void> {
  await client.query('DELETE FROM search_words');
  for (const [table, space, values] of [
    ['line_items', 'line_item_search_space', 'line_item_search_values'],
    ['containers', 'container_search_space', 'container_search_values'],
    ['jobs', 'job_search_space', 'job_search_values'],
  ]) {
    await client.query('SELECT fill_search_words($1)', [`SELECT ${space}(n), n.id, ${values}(n) FROM ${table} n`]);
  }
}

/** The indexes of line_items and search_words that back no constraint, dropped around the bulk insert and rebuilt from their definitions. */
async function dropBulkIndexes(client: pg.Client): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
     FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename IN ('line_items', 'search_words')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
     ORDER BY i.indexname`,
  );
  for (const index of rows) await client.query(`DROP INDEX ${quoteIdent(index.name)}`);
  return rows;
}

/** The seed's names of the bulk kinds (`s_entry.bulk_kind`), as the domain calls them. */
const BULK_KINDS: Readonly<Record<string, BulkKind>> = {
  dosage: 'dosage-formulation',
  solution: 'solution',
  raw_liquid: 'raw-liquid',
  raw_powder: 'raw-powder',
};

async function seedLineItems(client: pg.Client, counts: ScaleCounts): Promise<void> {
  // The dictionary entries the pools draw from, with their bulk kind and their quantity facts: a
  // number shared by the entries computeQuantities cannot tell apart (whether the NDC holds the bulk
  // marker, as isBulkNdc reads it, bulk kind, base weight, density); a few hundred for 24,000 entries.
  await client.query(
    `CREATE TEMP TABLE s_entry AS
     SELECT id, bulk_kind, dense_rank() OVER (ORDER BY position($1::text IN ndc) > 0, bulk_kind, ingredient_base_weight, density)::int AS facts
     FROM (
       SELECT d.id, d.ndc, d.ingredient_base_weight, d.density,
         CASE WHEN d.bulk_dosage_formulation THEN 'dosage' WHEN d.bulk_solution THEN 'solution' WHEN d.bulk_raw_liquid THEN 'raw_liquid'
              WHEN d.bulk_raw_powder THEN 'raw_powder' END AS bulk_kind
       FROM ndc_dictionary d
       WHERE d.trade_package OR d.ndc LIKE '%-**'
     ) d`,
    [BULK_NDC_MARKER],
  );
  await client.query('ALTER TABLE s_entry ADD PRIMARY KEY (id)');
  // NDC pools: 1 = trade packs by weight, 2 = the same without Schedule I/II (registrations that hold no CII), 3 = bulk NDCs.
  await client.query(
    `CREATE TEMP TABLE s_pool AS
     SELECT pool, row_number() OVER (PARTITION BY pool ORDER BY d.id, w)::int AS n, d.ndc, d.trade_name, d.schedule, d.strength, d.form,
       d.package_size, d.package_size_uom, d.ingredient_base_weight, d.density, d.avg_tablet_weight, d.avg_tablet_weight_unit,
       d.labeler_organization, e.bulk_kind, e.facts
     FROM ndc_dictionary d
     JOIN s_entry e ON e.id = d.id
     CROSS JOIN LATERAL (VALUES (1), (2), (3)) p (pool)
     CROSS JOIN LATERAL generate_series(1, CASE WHEN p.pool = 3 THEN 1 ELSE ${SCHEDULE_WEIGHT_SQL} * pg_temp.int_in(1, 3, pg_temp.rnd(d.id, 601)) END) w
     WHERE (p.pool = 1 AND d.trade_package)
        OR (p.pool = 2 AND d.trade_package AND d.schedule NOT IN ('1', '1N', '2', '2N'))
        OR (p.pool = 3 AND d.ndc LIKE '%-**');
     ALTER TABLE s_pool ADD PRIMARY KEY (pool, n);
     ANALYZE s_pool`,
  );
  const { rows: sizes } = await client.query<{ pool: number; n: number }>('SELECT pool, count(*)::int AS n FROM s_pool GROUP BY pool ORDER BY pool');
  const poolSizes = [1, 2, 3].map((p) => sizes.find((s) => s.pool === p)?.n ?? 0);

  // Line items per container are skewed too; ids follow the containers (a container's items were entered together).
  // Each draws its pool by its client's profile, then an entry of the pool (s_pool.n).
  await client.query(
    `CREATE TEMP TABLE s_line AS
     SELECT l.id, l.g, l.container_id, l.k, l.pool, 1 + floor(pg_temp.rnd(l.g, 503) * ($6::int[])[l.pool])::int AS n
     FROM (
       SELECT l.*,
         CASE
           WHEN c.profile = 'supplier' AND pg_temp.rnd(l.g, 502) < $4::float8 THEN 3
           WHEN c.profile = 'research' AND pg_temp.rnd(l.g, 502) < $5::float8 THEN 3
           WHEN c.c2 THEN 1 ELSE 2 END AS pool
       FROM (
         SELECT row_number() OVER (ORDER BY c, g)::int AS id, g, c AS container_id, (row_number() OVER (PARTITION BY c ORDER BY g) - 1)::int AS k
         FROM (SELECT g, 1 + pg_temp.scatter(floor($1::int * pg_temp.rnd(g, 501) ^ 1.4)::bigint, $1::int, $3::int) AS c FROM generate_series(1, $2::int) g) x
       ) l
       JOIN s_container c ON c.id = l.container_id
     ) l`,
    [counts.containers, counts.lineItems, scatterPrime(counts.containers), BULK_SHARE.supplier, BULK_SHARE.research, poolSizes],
  );
  await client.query('ANALYZE s_line');

  // A bulk NDC: one lot, by count (tablets), volume (solutions, raw liquids) or weight (raw powders) with a purity.
  // Drawn ahead of the insert, for the few line items that are bulk: loadQuantities computes the drawn lots.
  await client.query(
    `CREATE TEMP TABLE s_bulk AS
     SELECT l.id, p.facts, b.*
     FROM s_line l
     JOIN s_pool p ON p.pool = l.pool AND p.n = l.n
     CROSS JOIN LATERAL (
       SELECT amount, uom, fill, bulk_pack_size, bulk_pack_size_uom, converted_to_base
       FROM (
         SELECT
           CASE p.bulk_kind WHEN 'dosage' THEN pg_temp.int_in(1, 200, r1) * 100 WHEN 'solution' THEN pg_temp.int_in(100, 20000, r1)
             WHEN 'raw_liquid' THEN pg_temp.int_in(10, 5000, r1)
             ELSE CASE WHEN r3 < 0.25 THEN pg_temp.int_in(100, 2500, r1) * 10 ELSE pg_temp.int_in(10, 25000, r1) / 10.0 END END::numeric AS amount,
           CASE p.bulk_kind WHEN 'dosage' THEN 'U' WHEN 'solution' THEN 'mL' WHEN 'raw_liquid' THEN 'mL' ELSE 'g' END AS uom,
           CASE p.bulk_kind WHEN 'raw_liquid' THEN pg_temp.int_in(50, 100, r2) / 100.0 WHEN 'raw_powder' THEN pg_temp.int_in(90, 102, r2) / 100.0
             ELSE 1 END AS fill,
           CASE WHEN p.bulk_kind = 'raw_powder' AND r3 < 0.25 THEN pg_temp.int_in(100, 2500, r1) / 100.0 END AS bulk_pack_size,
           CASE WHEN p.bulk_kind = 'raw_powder' AND r3 < 0.25 THEN 'kg' END AS bulk_pack_size_uom,
           CASE p.bulk_kind WHEN 'raw_liquid' THEN round(pg_temp.int_in(10, 5000, r1) * p.density, 6)
             WHEN 'raw_powder' THEN CASE WHEN r3 < 0.25 THEN pg_temp.int_in(100, 2500, r1) * 10 ELSE pg_temp.int_in(10, 25000, r1) / 10.0 END END AS converted_to_base
         FROM (SELECT pg_temp.rnd(l.g, 540) AS r1, pg_temp.rnd(l.g, 541) AS r2, pg_temp.rnd(l.g, 542) AS r3) r
       ) b0
     ) b
     WHERE p.bulk_kind IS NOT NULL`,
  );
  await client.query('ALTER TABLE s_bulk ADD PRIMARY KEY (id)');
  await client.query('ANALYZE s_bulk');
  await loadQuantities(client);

  const source = (profile: SourceProfile) => expand(SOURCES[profile]);
  const cause = (profile: SourceProfile) => expand(CAUSES[profile]);
  const inserted = await client.query(
    `INSERT INTO line_items (id, kind, container_id, job_id, ndc, ndc_description, ndc_schedule, strength, form, source, source_number, lot_number,
       cause, pack_quantity, pack_quantity_uom, pack_size, pack_size_uom, zi_package_size, percent_fill, reporting_qty, reporting_uom,
       bulk_pack_size, bulk_pack_size_uom, bulk_stage, converted_to_base, grams_of_base, form_222_number, cwf_form_number, locked, locked_own,
       package_size_density, avg_tablet_weight, avg_tablet_weight_unit, labeler_organization, line_type, created_at, created_by,
       modified_at, modified_by)
     SELECT id, kind, container_id, job_id, ndc, trade_name, schedule, strength, form,
       CASE profile WHEN 'dispenser' THEN pg_temp.pick($1::text[], pg_temp.rnd(g, 510)) WHEN 'supplier' THEN pg_temp.pick($2::text[], pg_temp.rnd(g, 510))
         ELSE pg_temp.pick($3::text[], pg_temp.rnd(g, 510)) END,
       pg_temp.pick(ARRAY['RA', 'INV', 'WO', 'DS'], pg_temp.rnd(g, 511)) || '-' || pg_temp.padded(pg_temp.int_in(0, 999999, pg_temp.rnd(g, 512)), 6),
       chr(65 + pg_temp.int_in(0, 25, pg_temp.rnd(g, 513))) || chr(65 + pg_temp.int_in(0, 25, pg_temp.rnd(g, 514)))
         || pg_temp.padded(pg_temp.int_in(0, 9999, pg_temp.rnd(g, 515)), 4)
         || CASE WHEN pg_temp.rnd(g, 516) < 0.5 THEN chr(65 + pg_temp.int_in(0, 25, pg_temp.rnd(g, 517))) ELSE '' END,
       CASE profile WHEN 'dispenser' THEN pg_temp.pick($4::text[], pg_temp.rnd(g, 518)) WHEN 'supplier' THEN pg_temp.pick($5::text[], pg_temp.rnd(g, 518))
         ELSE pg_temp.pick($6::text[], pg_temp.rnd(g, 518)) END,
       pack_quantity, NULL, trim_scale(pack_size), pack_size_uom, NULL, trim_scale(percent_fill), trim_scale(reporting_qty), reporting_uom,
       trim_scale(bulk_pack_size), bulk_pack_size_uom, NULL, trim_scale(converted_to_base), trim_scale(grams_of_base),
       CASE WHEN schedule IN ('1', '1N', '2', '2N') THEN
         pg_temp.int_in(1, 9, pg_temp.rnd(job_id::bigint * 100000 + form_index, 520))
         || pg_temp.padded(pg_temp.int_in(0, 99999999, pg_temp.rnd(job_id::bigint * 100000 + form_index, 521)), 8) END,
       cwf_number, container_locked OR locked_own, locked_own, package_size_density, avg_tablet_weight, avg_tablet_weight_unit, labeler_organization, NULL,
       created_at, created_by, created_at, created_by
     FROM (
       SELECT q.*, s.reporting_qty, s.reporting_uom, s.grams_of_base,
         -- A DEA Form 222 has ten lines: a job's Schedule I/II items fill its forms in order.
         ((row_number() OVER (PARTITION BY q.job_id, q.schedule IN ('1', '1N', '2', '2N') ORDER BY q.id) - 1) / 10)::int AS form_index
       FROM (
         SELECT l.id, l.g, l.kind, l.container_id, l.job_id, l.profile, l.cwf_number, p.ndc, p.trade_name, p.schedule, p.strength, p.form,
           l.container_locked, pg_temp.rnd(l.g, 519) < 0.04 AS locked_own,
           pg_temp.moment(l.packed_on, least(l.minute + l.k, 1439)) AS created_at,
           pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(l.g, 522)) AS created_by,
           CASE WHEN p.bulk_kind IS NULL THEN t.pack_quantity ELSE 1 END AS pack_quantity,
           CASE WHEN p.bulk_kind IS NULL THEN p.package_size ELSE b.amount END AS pack_size,
           CASE WHEN p.bulk_kind IS NULL THEN t.uom ELSE b.uom END AS pack_size_uom,
           CASE WHEN p.bulk_kind IS NULL THEN t.fill ELSE b.fill END AS percent_fill,
           p.facts,
           b.bulk_pack_size, b.bulk_pack_size_uom,
           b.converted_to_base,
           CASE WHEN p.bulk_kind IS NOT NULL THEN p.density END AS package_size_density,
           p.avg_tablet_weight, p.avg_tablet_weight_unit, p.labeler_organization
         FROM (
           SELECT l.id, l.g, l.k, l.container_id, l.pool, l.n, c.kind, c.job_id, c.profile, c.cwf_number, c.locked AS container_locked,
             c.packed_on, c.minute
           FROM s_line l JOIN s_container c ON c.id = l.container_id
         ) l
         JOIN s_pool p ON p.pool = l.pool AND p.n = l.n
         LEFT JOIN s_bulk b ON b.id = l.id
         -- A trade pack: whole packages (a few partial ones at a fill whose count of units is whole), in dozens or thousands at times.
         CROSS JOIN LATERAL (
           SELECT pack_quantity, fill,
             CASE WHEN fill = 1 AND p.package_size_uom = 'U' AND p.package_size % 1000 = 0 AND pg_temp.rnd(l.g, 533) < 0.4 THEN 'K'
                  WHEN fill = 1 AND p.package_size_uom = 'U' AND p.package_size % 12 = 0 AND pg_temp.rnd(l.g, 534) < 0.5 THEN 'D'
                  ELSE p.package_size_uom END AS uom
           FROM (
             SELECT CASE WHEN partial THEN 1
                 WHEN l.kind = 'yellow_bucket' THEN CASE WHEN pg_temp.rnd(l.g, 531) < 0.7 THEN pg_temp.int_in(1, 2, pg_temp.rnd(l.g, 532)) ELSE pg_temp.int_in(3, 6, pg_temp.rnd(l.g, 532)) END
                 ELSE CASE WHEN pg_temp.rnd(l.g, 531) < 0.6 THEN pg_temp.int_in(1, 3, pg_temp.rnd(l.g, 532))
                           WHEN pg_temp.rnd(l.g, 531) < 0.9 THEN pg_temp.int_in(4, 12, pg_temp.rnd(l.g, 532))
                           ELSE pg_temp.int_in(13, ${MAX_PACK_QUANTITY}, pg_temp.rnd(l.g, 532)) END END AS pack_quantity,
               CASE WHEN partial THEN candidate ELSE 1 END AS fill
             FROM (
               SELECT candidate, pg_temp.rnd(l.g, 530) < 0.1 AND p.package_size IS NOT NULL AND (candidate * p.package_size) % 1 = 0 AS partial
               FROM (SELECT pg_temp.pick('{${PARTIAL_FILLS.join(',')}}'::numeric[], pg_temp.rnd(l.g, 535)) AS candidate) c0
             ) c1
           ) c2
         ) t
         -- A fence: the join below reads q's columns rather than repeating the draws they are made of.
         OFFSET 0
       ) q
       JOIN s_quantity s USING (facts, pack_quantity, pack_size, pack_size_uom, percent_fill)
     ) x
     ORDER BY id`,
    [
      source('dispenser'),
      source('supplier'),
      source('research'),
      cause('dispenser'),
      cause('supplier'),
      cause('research'),
    ],
  );
  if (inserted.rowCount !== counts.lineItems) {
    throw new Error(`${inserted.rowCount} of ${counts.lineItems} line items written: s_quantity lacks the quantities of some drawn inputs.`);
  }
}

interface QuantityFacts {
  ndc: string;
  bulk_kind: string | null;
  ingredient_base_weight: number | null;
  density: number | null;
}

/**
 * The quantities of every pack the seed can draw, computed by the domain's computeQuantities as the
 * server computes them on every save, into s_quantity, which the line-item insert joins on its
 * inputs (quantity facts, pack quantity, pack size and UoM, fill). A trade pack's inputs are few:
 * each distinct pack of the pool entries in whole packages of 1 to MAX_PACK_QUANTITY (also in
 * thousands or dozens when counted in units) or one partial package; they are all computed. A bulk
 * lot's amounts and purities are too many for that (over a million), so only the drawn ones
 * (s_bulk) are. Pack sizes and fills travel as text, so the join matches the drawn values exactly;
 * a drawn input the table lacked would leave its line item out, and the seed fails on the count.
 */
/**
 * The line items draw their NDCs by the client's profile, not by each registration's flags; the
 * flags then follow what the registration's jobs hold, so that every item is one its DEA
 * registration may hold (registrants.ts). Only flags are set, none cleared.
 */
async function coverHeldSchedules(client: pg.Client): Promise<void> {
  const column = (s: string) => `schedule_${s.toLowerCase()}`;
  await client.query(
    `UPDATE registrations r SET ${SCHEDULE_FLAGS.map((s) => `${column(s)} = r.${column(s)} OR h.${column(s)}`).join(', ')}
     FROM (
       SELECT j.registration_id, ${SCHEDULE_FLAGS.map((s) => `bool_or(li.ndc_schedule = '${s}') AS ${column(s)}`).join(', ')}
       FROM line_items li JOIN jobs j ON j.id = li.job_id
       GROUP BY j.registration_id
     ) h
     WHERE h.registration_id = r.id AND (${SCHEDULE_FLAGS.map((s) => `(h.${column(s)} AND NOT r.${column(s)})`).join(' OR ')})`,
  );
}

async function loadQuantities(client: pg.Client): Promise<void> {
  const facts = new Map(
    (
      await client.query<QuantityFacts & { facts: number }>(
        `SELECT DISTINCT ON (e.facts) e.facts, d.ndc, e.bulk_kind, d.ingredient_base_weight, d.density
         FROM s_entry e JOIN ndc_dictionary d ON d.id = e.id
         ORDER BY e.facts, d.id`,
      )
    ).rows.map((r) => [r.facts, r]),
  );
  type Inputs = { facts: number; pack_quantity: number; pack_size: string | null; pack_size_uom: string | null; percent_fill: string };
  const inputs = new Map<string, Inputs>();
  const add = (input: Inputs) => {
    inputs.set(JSON.stringify([input.facts, input.pack_quantity, input.pack_size, input.pack_size_uom, input.percent_fill]), input);
  };
  const { rows: packs } = await client.query<{ facts: number; pack_size: string | null; pack_size_uom: string | null }>(
    `SELECT facts, package_size::text AS pack_size, package_size_uom AS pack_size_uom
     FROM (SELECT DISTINCT e.facts, d.package_size, d.package_size_uom FROM s_entry e JOIN ndc_dictionary d ON d.id = e.id WHERE e.bulk_kind IS NULL) p`,
  );
  for (const pack of packs) {
    const units = pack.pack_size_uom === 'U' ? [pack.pack_size_uom, ...COUNT_UNITS] : [pack.pack_size_uom];
    for (let quantity = 1; quantity <= MAX_PACK_QUANTITY; quantity++) {
      for (const uom of units) add({ ...pack, pack_quantity: quantity, pack_size_uom: uom, percent_fill: '1' });
    }
    for (const fill of PARTIAL_FILLS) add({ ...pack, pack_quantity: 1, percent_fill: String(fill) });
  }
  const { rows: lots } = await client.query<Inputs>(
    `SELECT facts, 1 AS pack_quantity, amount::text AS pack_size, uom AS pack_size_uom, fill::text AS percent_fill
     FROM (SELECT DISTINCT facts, amount, uom, fill FROM s_bulk) b`,
  );
  lots.forEach(add);

  const number = (text: string | null) => (text === null ? null : Number(text));
  const rows = [...inputs.values()];
  const quantities = rows.map((input) => {
    const f = facts.get(input.facts)!;
    return computeQuantities(
      { ndc: f.ndc, bulkKind: f.bulk_kind === null ? undefined : BULK_KINDS[f.bulk_kind], ingredientBaseWeight: f.ingredient_base_weight, density: f.density },
      { packQuantity: input.pack_quantity, packSize: number(input.pack_size), packSizeUoM: input.pack_size_uom, percentFill: number(input.percent_fill) },
    );
  });
  await client.query(
    `CREATE TEMP TABLE s_quantity (facts integer, pack_quantity integer, pack_size numeric, pack_size_uom text, percent_fill numeric,
       reporting_qty numeric, reporting_uom text, grams_of_base numeric,
       PRIMARY KEY (facts, pack_quantity, pack_size, pack_size_uom, percent_fill))`,
  );
  // One statement, the columns as arrays.
  await client.query(
    `INSERT INTO s_quantity SELECT * FROM unnest($1::int[], $2::int[], $3::numeric[], $4::text[], $5::numeric[], $6::numeric[], $7::text[], $8::numeric[])`,
    [
      rows.map((r) => r.facts),
      rows.map((r) => r.pack_quantity),
      rows.map((r) => r.pack_size),
      rows.map((r) => r.pack_size_uom),
      rows.map((r) => r.percent_fill),
      quantities.map((q) => q.reportingQty),
      quantities.map((q) => q.reportingUoM),
      quantities.map((q) => q.gramsOfBase),
    ],
  );
  await client.query('ANALYZE s_quantity');
}

/** What was made, and the shares the bench relies on. */
async function report(client: pg.Client): Promise<void> {
  const { rows } = await client.query<Record<string, string | number>>(`
    SELECT
      (SELECT count(*) FROM companies)::int AS companies,
      (SELECT count(*) FROM registrations)::int AS registrations,
      (SELECT count(*) FROM jobs)::int AS jobs,
      (SELECT round(100.0 * count(*) FILTER (WHERE locked) / count(*), 1) FROM jobs) AS jobs_locked_pct,
      (SELECT count(*) FILTER (WHERE kind = 'standard') FROM containers)::int AS containers,
      (SELECT count(*) FILTER (WHERE kind = 'yellow_bucket') FROM containers)::int AS yb_containers,
      (SELECT count(*) FILTER (WHERE kind = 'standard') FROM line_items)::int AS line_items,
      (SELECT count(*) FILTER (WHERE kind = 'yellow_bucket') FROM line_items)::int AS yb_line_items,
      (SELECT round(100.0 * count(*) FILTER (WHERE lower(ndc_description) ~ '(^|[^[:alnum:]])oxy') / count(*), 1)
         FROM line_items WHERE kind = 'standard') AS oxy_pct,
      (SELECT round(100.0 * count(*) FILTER (WHERE percent_fill = 1) / count(*), 1) FROM line_items) AS full_fill_pct,
      (SELECT max(n) FROM (SELECT count(*) AS n FROM line_items GROUP BY container_id) x)::int AS max_items_per_container,
      (SELECT max(n) FROM (SELECT count(*) AS n FROM line_items GROUP BY job_id) x)::int AS max_items_per_job,
      (SELECT min(created_at)::date || ' … ' || max(created_at)::date FROM line_items) AS line_item_dates`);
  const r = rows[0]!;
  const n = (v: string | number | undefined) => Number(v).toLocaleString('en-US');
  console.log(`
  companies ${n(r.companies)}, registrations ${n(r.registrations)}, jobs ${n(r.jobs)} (${r.jobs_locked_pct}% locked)
  containers ${n(r.containers)} standard + ${n(r.yb_containers)} Yellow Bucket
  line items ${n(r.line_items)} standard + ${n(r.yb_line_items)} Yellow Bucket, created ${r.line_item_dates}
  "oxy" begins a word of the description of ${r.oxy_pct}% of the standard line items; ${r.full_fill_pct}% have percent fill 1
  at most ${n(r.max_items_per_container)} line items in one container, ${n(r.max_items_per_job)} in one job`);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

class UsageError extends Error {
  override name = 'UsageError';
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`seed:scale: ${error.message}`);
    process.exit(2);
  }
  console.error('\nseed:scale failed:', error);
  process.exit(1);
});
