/**
 * The scale seed's companies (with contacts) and registrations: the demo's, then generated ones.
 * Leaves the temp tables s_kind and s_company, which the jobs read.
 */
import { deaActivityLabel, registrantTypeLettersFor, type DeaBusinessActivityCode } from '@3ds/domain';
import pg from 'pg';
import { buildCompanies, DEMO_COMPANIES } from '../../seed/demo-companies.ts';
import { DEMO_SETTINGS } from '../../seed/demo-paperwork.ts';
import { buildRegistrations } from '../../seed/demo-registrations.ts';
import { DEMO_ORGANIZATION } from '../../seed/seed-demo.ts';
import { CONTACT_TITLES, FIRST_NAMES, LAST_NAMES, REPORT_TYPES, SOURCE_PROFILE, STATE_NAMES, type CompanyKind } from '../../seed/seed-choices.ts';
import type { ScaleCounts } from './counts.ts';
import { expand, insertJson, quoteIdent, scatterPrime } from './sql-helpers.ts';

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

export async function seedCompaniesAndRegistrations(client: pg.Client, today: string, counts: ScaleCounts): Promise<void> {
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
