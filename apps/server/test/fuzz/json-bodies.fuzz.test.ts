import { ENTITIES, PRIVILEGES, WITNESS_ROLES } from '@3ds/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { multipartBody, TINY_PNG } from '../support/multipart.ts';
import { spellings } from '../support/path-spellings.ts';
import { createContainer, createJob, createLineItem, createOrderForm, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { hostileNumber, hostileString, hostileValue } from './hostile-values.ts';

/**
 * Every route that takes a JSON body, fed hostile bodies as a user with every privilege against
 * real records: never a 5xx, every 4xx with a message, a refused request changes no record, and
 * nothing reaches Object.prototype.
 */

/** Runs per property; `FUZZ_SCALE=10` multiplies them for a deeper search. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS = {
  anyJson: Math.round(400 * SCALE),
  mutated: Math.round(600 * SCALE),
  rawTexts: Math.round(400 * SCALE),
  valueLists: Math.round(150 * SCALE),
  spelled: Math.round(300 * SCALE),
};
const TIMEOUT = 240_000 * SCALE;
fc.configureGlobal({ interruptAfterTimeLimit: TIMEOUT - 10_000, markInterruptAsFailure: true });

const USER = 'admin';
const PASSWORD = 'correct horse 1';

let t: TestApp;
let registrationId: number;
/** Saved find names used so far (each valid body names a new one). */
let savedFindNames = 0;
/** Form 222 numbers used so far (a number is used once in the register). */
let formNumbers = 0;
/** Inputs tried, per property, for the summary. */
const tried: Record<string, number> = {};

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type IdKind = 'job' | 'container' | 'yb-container' | 'line-item' | 'yb-line-item' | 'registration' | 'saved-find' | 'order-form';

/** What a valid body refers to: real record ids picked at the time of the request. */
interface Fixture {
  id(kind: IdKind): Promise<number>;
  registrationNumber: string;
}

interface RouteSpec {
  method: Method;
  /** Fastify form: `/job/:id`. */
  path: string;
  /** The record kind each path parameter names (`entity`: a list's name). */
  params?: Record<string, IdKind | 'entity' | 'witness-role'>;
  /** A body the route accepts (mutations start from it); routes without one ignore their body. */
  valid?: (f: Fixture) => Promise<unknown>;
  /** Signs out: needs a session of its own each time. */
  ownSession?: true;
  /** Anyone may call it (no bearer token). */
  public?: true;
}

const containerRoutes = (s: 'container' | 'yb-container', p: string, kind: 'container' | 'yb-container'): RouteSpec[] => [
  {
    method: 'POST',
    path: `/${s}/new`,
    valid: async (f) => ({ jobId: await f.id('job'), containerName: 'Tote 1', pallet: 'P1', containerType: 'Tote', packageWeight: 2, netWeight: '12.5', grossUoM: 'kg' }),
  },
  { method: 'POST', path: `/${s}`, valid: async (f) => ({ fieldData: { 'Job ID': String(await f.id('job')), 'Container Name': 'Drum', 'Container Type': '55 G Steel' } }) },
  { method: 'PATCH', path: `/${s}/edit/:id`, params: { id: kind }, valid: async () => ({ containerName: 'Renamed', netWeight: 3, modId: '0' }) },
  { method: 'PATCH', path: `/${s}/lock/:id`, params: { id: kind } },
  { method: 'PATCH', path: `/${s}/unlock/:id`, params: { id: kind } },
  { method: 'PUT', path: `/${s}/move`, valid: async (f) => ({ jobId: await f.id('job'), containerId: await f.id(kind) }) },
  { method: 'DELETE', path: `/${s}/:id`, params: { id: kind } },
  { method: 'DELETE', path: `/${p}/:id`, params: { id: kind } },
];

const lineItemRoutes = (s: 'line-item' | 'yb-line-item', p: string, kind: 'line-item' | 'yb-line-item', container: 'container' | 'yb-container'): RouteSpec[] => {
  const edit = async () => ({ fieldData: { 'Lot Number': 'L-7', 'Pack Quantity': 2, Source: 'Pharmacy', 'Percent Fill': 1 }, isYellowBucket: kind === 'yb-line-item' });
  return [
    {
      method: 'POST',
      path: `/${s}/new`,
      valid: async (f) => ({ containerId: await f.id(container), ndc: '00406-0552-01', packQuantity: '3', packSize: '100', packSizeUoM: 'U', percentFill: 1, source: 'Pharmacy', cause: 'Expired', user: { name: 'x' } }),
    },
    { method: 'POST', path: `/${s}`, valid: async (f) => ({ fieldData: { [kind === 'line-item' ? 'id_container' : 'Container ID']: await f.id(container), 'NDC Number': '00406-0552-01', 'Pack Quantity': 1 } }) },
    {
      method: 'PATCH',
      path: `/${s}/edit/:id`,
      params: { id: kind },
      valid: async () => ({ ndc: '00406-0552-01', packSize: 100, packSizeUoM: 'U', initial: { ndc: '00406-0552-01', packSize: 100, packSizeUoM: 'U' } }),
    },
    { method: 'PATCH', path: `/${s}/update-line-item/:id`, params: { id: kind }, valid: edit },
    { method: 'PATCH', path: `/${p}/update-line-item/:id`, params: { id: kind }, valid: edit },
    { method: 'PATCH', path: `/${s}/:id`, params: { id: kind }, valid: edit },
    { method: 'PATCH', path: `/${p}/:id`, params: { id: kind }, valid: edit },
    { method: 'PATCH', path: `/${s}/lock/:id`, params: { id: kind } },
    { method: 'PATCH', path: `/${s}/unlock/:id`, params: { id: kind } },
    { method: 'POST', path: `/${s}/move/:id`, params: { id: kind }, valid: async (f) => ({ container: await f.id(container) }) },
    { method: 'DELETE', path: `/${s}/:id`, params: { id: kind } },
    { method: 'DELETE', path: `/${p}/:id`, params: { id: kind } },
  ];
};

const RECORD_ENTITIES = [
  ['companies', 'company'],
  ['registrations', 'registration'],
  ['jobs', 'job'],
  ['containers', 'container'],
  ['yb-containers', 'yb-container'],
  ['line-items', 'line-item'],
  ['yb-line-items', 'yb-line-item'],
  ['order-forms', 'order-form'],
  ['losses', 'loss'],
  ['dictionaries', 'dictionary'],
] as const;

/**
 * Every route that takes a body (every non-GET route of the API). A route added to the server
 * and missing here fails the first test below.
 */
const ROUTES: RouteSpec[] = [
  { method: 'POST', path: '/login', public: true, valid: async () => ({ username: USER, password: PASSWORD }) },
  { method: 'POST', path: '/logout', ownSession: true },
  { method: 'POST', path: '/job', valid: async () => ({ fieldData: { _fkRegistration_Record_Number: registrationId, 'Job Name': 'Spring pickup' } }) },
  { method: 'PATCH', path: '/job/:id', params: { id: 'job' }, valid: async () => ({ fieldData: { 'Job Name': 'Renamed job' }, modId: '0' }) },
  { method: 'PATCH', path: '/job/lock/:id', params: { id: 'job' } },
  { method: 'PATCH', path: '/job/unlock/:id', params: { id: 'job' } },
  {
    method: 'PATCH',
    path: '/job/:id/destruction-record',
    params: { id: 'job' },
    // Its modId is the job's current one: other routes of the run change the same jobs first.
    valid: async (f) => {
      const job = await t.db.selectFrom('jobs').select('mod_id').where('id', '=', await f.id('job')).executeTakeFirst();
      return { fieldData: { 'Destruction Facility': 'Clearfork Thermal Destruction Facility', 'Date Transfer': '11/02/2026' }, modId: String(job?.mod_id ?? 0) };
    },
  },
  { method: 'POST', path: '/job/:id/witnesses/:role', params: { id: 'job', role: 'witness-role' }, valid: async () => ({ username: USER, password: PASSWORD }) },
  { method: 'POST', path: '/job/:id/witnesses/:role/withdraw', params: { id: 'job', role: 'witness-role' }, valid: async () => ({ reason: 'Not the witness' }) },
  { method: 'PATCH', path: '/settings', valid: async () => ({ fieldData: { 'Registrant Name': 'Riverbend Pharmaceutical Returns, LLC', City: 'Columbus' } }) },
  { method: 'PUT', path: '/settings/holidays', valid: async () => ({ year: 2026, holidays: [{ date: '11/26/2026', name: 'Thanksgiving Day' }, { date: '11/27/2026', name: 'Day after Thanksgiving' }] }) },
  { method: 'POST', path: '/sendJobReadyNotification', valid: async (f) => ({ fieldData: { __PKJobID: await f.id('job'), 'Job Name': 'x' } }) },
  { method: 'POST', path: '/job/move-container-to-yb/:jobId', params: { jobId: 'job' }, valid: async (f) => ({ containerId: await f.id('container') }) },
  { method: 'POST', path: '/job/:id/upload', params: { id: 'job' } },
  { method: 'POST', path: '/job/:id/documents/form-41', params: { id: 'job' } },
  { method: 'POST', path: '/job/:id/documents/certificate', params: { id: 'job' } },
  // A multipart upload: a JSON body is refused whatever it holds.
  { method: 'POST', path: '/job/:id/documents/:documentId/signed-copy', params: { id: 'job', documentId: 'job' } },
  { method: 'PUT', path: '/job/:id/declared', params: { id: 'job' }, // Packages and Partial Fill are text as a sheet's cells hold it ("1,200", "40%"), read by the rules (422).
  valid: async () => ({ items: [{ ndc: '00591-0385-01', lot: 'L1', packages: '2', packageSize: '100', partialFill: '40%' }, { description: 'Tablets', packages: '1' }] }) },
  // A multipart upload: a JSON body is refused whatever it holds.
  { method: 'POST', path: '/job/:id/declared/file', params: { id: 'job' } },
  // The reconciliation: hostile bodies only (no fixture job declares an inventory, so none has a line to resolve).
  { method: 'POST', path: '/job/:id/reconciliation/resolve', params: { id: 'job' } },
  { method: 'POST', path: '/job/:id/reconciliation/pdf', params: { id: 'job' } },
  // A loss's reports and worksheet: hostile bodies only (no fixture has a loss).
  { method: 'PATCH', path: '/loss/:id', params: { id: 'job' } },
  { method: 'POST', path: '/loss/:id/worksheet', params: { id: 'job' } },
  // Corrections: hostile bodies only (no job of the run is final, and none is asked for).
  { method: 'POST', path: '/corrections' },
  { method: 'POST', path: '/correction/:id/approve', params: { id: 'job' } },
  { method: 'POST', path: '/correction/:id/reject', params: { id: 'job' } },
  { method: 'POST', path: '/registration/:id/upload', params: { id: 'registration' } },
  // The Form 222 register: a new number each time; the forms' changes may void them, after which a change is a 409.
  {
    method: 'POST',
    path: '/order-form/new',
    valid: async () => ({
      registrationId,
      formNumber: String(610_000_000 + ++formNumbers),
      formKind: 'paper',
      issuedOn: '01/02/2026',
      note: 'Annual return',
      lines: [
        { lineNo: 1, ndc: '00406-0552-01', packages: 2, packageSize: '100 tablets' },
        { lineNo: 2, item: 'Fentanyl citrate vials', packages: 1 },
      ],
    }),
  },
  {
    method: 'PATCH',
    path: '/order-form/:id',
    params: { id: 'order-form' },
    valid: async () => ({ note: 'Counted again', lines: [{ lineNo: 1, ndc: '00406-0552-01', item: 'Oxycodone 5 mg', packages: 3, packageSize: '100 tablets' }] }),
  },
  { method: 'POST', path: '/order-form/:id/status', params: { id: 'order-form' }, valid: async () => ({ status: 'void', reason: 'Misprinted on line 1' }) },
  ...containerRoutes('container', 'containers', 'container'),
  ...containerRoutes('yb-container', 'yb-containers', 'yb-container'),
  ...lineItemRoutes('line-item', 'line-items', 'line-item', 'container'),
  ...lineItemRoutes('yb-line-item', 'yb-line-items', 'yb-line-item', 'yb-container'),
  // User administration: hostile bodies only (a valid one would change accounts the run signs in with).
  { method: 'POST', path: '/users' },
  { method: 'PATCH', path: '/users/:username' },
  { method: 'POST', path: '/users/:username/password' },
  {
    method: 'POST',
    path: '/exportReport',
    valid: async (f) => ({ registration: f.registrationNumber, jobId: String(await f.id('job')), containerName: '', showArcos: 1, reportType: 'perNdc' }),
  },
  { method: 'POST', path: '/reports/arcos', valid: async () => ({ period: '2025-Q3' }) },
  { method: 'POST', path: '/reports/inventory', valid: async () => ({ asOf: '01/02/2026 17:00' }) },
  // A new name each time: the same name twice on one list is refused (409).
  { method: 'POST', path: '/saved-finds', valid: async () => ({ entity: 'jobs', name: `Open jobs ${++savedFindNames}`, quickFind: 'spring', sort: [{ fieldName: 'Job Name', sortOrder: 'ascend' }] }) },
  { method: 'PATCH', path: '/saved-finds/:id', params: { id: 'saved-find' }, valid: async () => ({ name: `Renamed find ${++savedFindNames}` }) },
  { method: 'DELETE', path: '/saved-finds/:id', params: { id: 'saved-find' } },
  // The columns a user hides on a list: any column of the list but its identifying ones.
  { method: 'PUT', path: '/list-columns/:entity', params: { entity: 'entity' }, valid: async () => ({ hidden: ['Date Created'] }) },
  // Bulk actions on a selection (200 whatever is refused; never a valid delete: the run needs its records).
  { method: 'POST', path: '/line-items/bulk', valid: async (f) => ({ action: 'move', ids: [await f.id('line-item'), String(await f.id('line-item'))], target: { containerId: await f.id('container') } }) },
  { method: 'POST', path: '/yb-line-items/bulk', valid: async (f) => ({ action: 'lock', ids: [String(await f.id('yb-line-item'))], dryRun: true }) },
  { method: 'POST', path: '/containers/bulk', valid: async (f) => ({ action: 'move', ids: [await f.id('container')], target: { jobId: await f.id('job') } }) },
  { method: 'POST', path: '/yb-containers/bulk', valid: async () => ({ action: 'export', find: { quickFindCriteria: 'yellow', searchCriteria: [{ criteria: { 'Container Name': 'yellow*' } }] }, fileType: 'xlsx' }) },
  ...RECORD_ENTITIES.flatMap(([plural, singular]): RouteSpec[] => [
    { method: 'POST', path: `/${plural}/export`, valid: async () => ({ fileType: 'xlsx', recordType: 'cn', searchCriteria: [], sort: [] }) },
    { method: 'POST', path: `/${plural}/search`, valid: async () => ({ query: [{ omit: 'false' }], sort: [], offset: 1, limit: 10 }) },
    { method: 'POST', path: `/${singular}/search`, valid: async () => ({ searchCriteria: [], sort: '[]', offset: '1', limit: '5' }) },
  ]),
];

/** The keys of number fields in the valid bodies (API names and FileMaker names), with the label their refusal names. */
const LABELS: Record<string, string> = {
  packQuantity: 'Pack Quantity',
  packSize: 'Pack Size',
  percentFill: 'Percent Fill',
  packageWeight: 'Package Weight',
  netWeight: 'Net Weight',
  'Pack Quantity': 'Pack Quantity',
  'Percent Fill': 'Percent Fill',
  jobId: 'job ?id',
  containerId: 'containerId',
  container: 'container',
  id_container: 'id_container',
  'Job ID': 'Job ID',
  __PKJobID: '__PKJobID',
  _fkRegistration_Record_Number: '_fkRegistration_Record_Number',
  registrationId: 'registrationId',
  lineNo: 'lineNo',
  packages: 'packages',
};
const NUMBER_FIELDS = new Set(Object.keys(LABELS));

const routeKey = (method: string, path: string) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;

// ---------------------------------------------------------------------------------------------
// Fixture, digest, prototype
// ---------------------------------------------------------------------------------------------

/** The ids of a kind, in id order (not the table's physical order, which an update changes). */
async function idsOf(kind: IdKind): Promise<number[]> {
  switch (kind) {
    case 'job':
      return (await t.db.selectFrom('jobs').select('id').orderBy('id').execute()).map((r) => r.id);
    case 'registration':
      return (await t.db.selectFrom('registrations').select('id').orderBy('id').execute()).map((r) => r.id);
    case 'container':
    case 'yb-container':
      return (await t.db.selectFrom('containers').select('id').where('kind', '=', kind === 'container' ? 'standard' : 'yellow_bucket').orderBy('id').execute()).map((r) => r.id);
    case 'line-item':
    case 'yb-line-item':
      return (await t.db.selectFrom('line_items').select('id').where('kind', '=', kind === 'line-item' ? 'standard' : 'yellow_bucket').orderBy('id').execute()).map((r) => r.id);
    case 'saved-find':
      return (await t.db.selectFrom('saved_finds').select('id').orderBy('id').execute()).map((r) => r.id);
    case 'order-form':
      return (await t.db.selectFrom('order_forms').select('id').orderBy('id').execute()).map((r) => r.id);
  }
}

/** A fixture whose ids are chosen by `pick` (a number the property drew) among the records that exist now. */
function fixture(pick: number): Fixture {
  return {
    registrationNumber: 'BA1234563',
    async id(kind) {
      const ids = await idsOf(kind);
      return ids.length ? ids[pick % ids.length]! : 999_999;
    },
  };
}

/** The record tables (and the audit rows of records) as one digest: a refused request must leave it as it was. */
const DIGESTED = ['companies', 'contacts', 'labeler_codes', 'registrations', 'jobs', 'job_files', 'containers', 'line_items', 'ndc_dictionary', 'value_lists', 'files', 'notifications', 'order_forms', 'witness_confirmations'];
/** Tables without an id column, digested in their key's order. */
const DIGESTED_BY_KEY: Record<string, string> = { order_form_lines: 'form_id, line_no', declared_inventories: 'job_id', declared_items: 'job_id, row_no', discrepancy_resolutions: 'job_id, line_key', holidays: 'day' };
async function digest(): Promise<string> {
  const parts = [
    ...DIGESTED.map((table) => sql`(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY id), '')) FROM ${sql.table(table)} t)`),
    ...Object.entries(DIGESTED_BY_KEY).map(([table, key]) => sql`(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY ${sql.raw(key)}), '')) FROM ${sql.table(table)} t)`),
  ];
  const audit = sql`(SELECT md5(coalesce(string_agg(a::text, '|' ORDER BY id), '')) FROM audit_log a WHERE entity <> 'session')`;
  const result = await sql<{ d: string }>`SELECT concat_ws(',', ${sql.join([...parts, audit])}) AS d`.execute(t.db);
  return result.rows[0]!.d;
}

/** Object.prototype and Array.prototype as they are: any own property added or changed shows. */
function prototypeSnapshot(): string {
  const describe = (o: object) =>
    Object.getOwnPropertyNames(o)
      .sort()
      .map((name) => `${name}:${typeof Object.getOwnPropertyDescriptor(o, name)?.value}`)
      .join(',');
  return `${describe(Object.prototype)}|${describe(Array.prototype)}|${describe(Function.prototype)}`;
}
let prototypeBefore: string;

function expectNoPollution(context: string) {
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'isAdmin', 'privileges', 'x']) expect(probe[key], `${key} on every object after ${context}`).toBeUndefined();
  expect(prototypeSnapshot(), context).toBe(prototypeBefore);
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: USER, password: PASSWORD, privileges: [...PRIVILEGES], parentOrganization: 'Northwind Laboratories' });
  // Our registration: the ARCOS file is refused (409) without it.
  await t.db.updateTable('settings').set({ dea_number: 'RD1234563', registrant_name: 'Riverbend Pharmaceutical Returns, LLC', address_line_1: '100 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215' }).where('id', '=', 1).execute();
  // Saved finds of the user for the routes that name one.
  const owner = await t.db.selectFrom('users').select('id').where('username', '=', USER).executeTakeFirstOrThrow();
  await t.db
    .insertInto('saved_finds')
    .values([1, 2, 3].map((i) => ({ user_id: owner.id, entity: 'jobs', name: `Seeded find ${i}`, quick_find: 'spring', requests: '[]', sort: '[]' })))
    .execute();
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true, uom_value_list: 'U\rD\rK' },
      { ndc: '00591-0385-01', schedule: '4', trade_name: 'DIAZEPAM 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '12345-0001-**', schedule: '2', trade_name: 'OXYCODONE HCL POWDER', bulk_raw_powder: true, labeler_organization: 'Northwind Laboratories' },
    ] as never)
    .execute();
  await t.db
    .insertInto('value_lists')
    .values([
      { list_name: 'Container Type', value: 'Tote', display_value: 'Tote', sort_order: 1 },
      { list_name: 'Container Type', value: '55 G Steel', display_value: '55 gallon steel drum', sort_order: 2 },
      { list_name: 'Source', value: 'Pharmacy', display_value: 'Pharmacy', sort_order: 1 },
    ])
    .execute();
  const registration = await createRegistration(t.db, { registration_number: 'BA1234563', schedule_2: true, schedule_2n: true, expiration_date: '2099-01-01' });
  registrationId = registration.id;
  await createRegistration(t.db, { registration_number: 'BX9999999', expiration_date: '2001-01-01' });
  for (let j = 0; j < 6; j++) {
    const job = await createJob(t.db, { registration_id: registrationId, name: `Job ${j}`, locked: j === 5 });
    for (const kind of ['standard', 'standard', 'yellow_bucket'] as const) {
      const container = await createContainer(t.db, { job_id: job.id, kind, name: `${kind} ${j}`, locked: j === 4 && kind === 'yellow_bucket' });
      for (let i = 0; i < 2; i++) await createLineItem(t.db, { container_id: container.id, pack_quantity: i + 1 });
    }
  }
  for (let f = 0; f < 4; f++) await createOrderForm(t.db, { registration_id: registrationId });
  prototypeBefore = prototypeSnapshot();
});

afterAll(async () => {
  const total = Object.values(tried).reduce((a, b) => a + b, 0);
  console.info(`JSON bodies: ${total} inputs tried — ${Object.entries(tried).map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

/** Path parameter values: real ids mostly, sometimes something else. */
const HOSTILE_IDS = ['0', '999999999', '2147483648', '-1', 'abc', '1e3', '%00', '..%2F..%2Fetc', '%F0%9F%99%82', '1%20', '%27%3B--', '1.5'];
const paramArb = fc.oneof({ weight: 5, arbitrary: fc.nat().map((n) => ({ pick: n })) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS).map((raw) => ({ raw })) });

async function urlFor(route: RouteSpec, param: { pick: number } | { raw: string }): Promise<string> {
  let path = route.path;
  for (const [name, kind] of Object.entries(route.params ?? {})) {
    const value =
      'raw' in param
        ? param.raw
        : kind === 'entity'
          ? ENTITIES[param.pick % ENTITIES.length]!
          : kind === 'witness-role'
            ? WITNESS_ROLES[param.pick % WITNESS_ROLES.length]!
            : String(await fixture(param.pick).id(kind));
    path = path.replace(`:${name}`, value);
  }
  return `/3ds/api${path}`;
}

interface Sent {
  route: RouteSpec;
  url: string;
  payload: string | Buffer | undefined;
  headers?: Record<string, string>;
}

async function send({ route, url, payload, headers }: Sent): Promise<LightMyRequestResponse> {
  const options = {
    method: route.method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    ...(payload === undefined ? {} : { payload }),
  };
  if (route.public) return t.app.inject(options);
  if (route.ownSession) return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${await t.tokenFor(USER)}` } });
  return t.injectAs(USER, options);
}

/** Sends and checks: no 5xx, a message on every 4xx, a refused request changes nothing, no pollution. */
async function sendAndCheck(sent: Sent) {
  const before = await digest();
  const res = await send(sent);
  const shown = typeof sent.payload === 'string' ? sent.payload.slice(0, 300) : `<${sent.payload?.length ?? 0} bytes>`;
  const context = `${sent.route.method} ${sent.url} ${shown} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const message = res.json().message;
    expect(typeof message === 'string' && message.length > 0, context).toBe(true);
    expect(await digest(), `a refused request changed records: ${context}`).toBe(before);
  }
  expectNoPollution(context);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

const dangerousKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted', 'isAdmin', 'toString', 'valueOf', 'hasOwnProperty') },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: hostileString },
);
const dangerousValue = fc.oneof(hostileValue, fc.constant(null), fc.jsonValue({ maxDepth: 3 }));

/** Any JSON: random values, objects with null prototypes and `__proto__` / `constructor` keys. */
const anyJsonArb: fc.Arbitrary<string | undefined> = fc
  .oneof(
    fc.jsonValue(),
    fc.anything({ key: dangerousKey, withNullPrototype: true, maxDepth: 4 }),
    fc.object({ key: dangerousKey, values: [dangerousValue], withNullPrototype: true, maxDepth: 3 }),
    fc.dictionary(dangerousKey, fc.object({ key: dangerousKey, withNullPrototype: true })),
  )
  .map((value) => JSON.stringify(value));

/** Every path into a JSON value (keys of objects, indexes of arrays). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...prefix, k], ...pathsOf((value as Record<string | number, unknown>)[k], [...prefix, k])]);
}

type Mutation = { kind: 'replace'; at: number; value: unknown } | { kind: 'delete'; at: number } | { kind: 'add'; key: string; value: unknown };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fc.oneof(hostileValue, hostileNumber, fc.constant(null), fc.anything({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 3 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), key: dangerousKey, value: dangerousValue }) },
);

/** The valid body with one field replaced, removed, or one key added (as JSON text, so `__proto__` stays a key). */
function mutate(valid: unknown, m: Mutation): string {
  const copy = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
  if (m.kind === 'add') {
    return JSON.stringify(copy).replace(/^\{/, `{${JSON.stringify(m.key)}:${JSON.stringify(m.value) ?? 'null'}${Object.keys(copy).length ? ',' : ''}`);
  }
  const paths = pathsOf(copy);
  if (!paths.length) return JSON.stringify(copy);
  const path = paths[m.at % paths.length]!;
  let parent = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (m.kind === 'delete') delete parent[last];
  else parent[last] = m.value;
  return JSON.stringify(copy);
}

/** The body as JSON text with the value at `path` replaced by raw JSON text (`1e400` is no JS number). */
function replaceAt(valid: unknown, path: (string | number)[], raw: string): string {
  const copy = JSON.parse(JSON.stringify(valid)) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = '\u0001RAW\u0001';
  return JSON.stringify(copy).replace('"\\u0001RAW\\u0001"', raw);
}

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const hugeArray = (n: number, item: string) => `[${Array.from({ length: n }, () => item).join(',')}]`;

/** A form upload of one PNG as `name`, cut to `keep` bytes (all of it when undefined). */
function upload(name: string, keep?: number): [Buffer, string] {
  const { payload, headers } = multipartBody([{ name, type: 'image/png', bytes: TINY_PNG }]);
  return [keep === undefined ? payload : payload.subarray(0, keep), headers['content-type']];
}

/** Form uploads that are not whole: each is a 400 on the upload routes, never a 500. */
const MULTIPART_MALFORMED: [name: string, body: Buffer, contentType: string][] = [
  ['multipart with a boundary but no closing one', upload('a.png', upload('a.png')[0].length - 40)[0], upload('a.png')[1]],
  ['multipart cut inside its headers', upload('a.png', 30)[0], upload('a.png')[1]],
  ['multipart file name with a NUL byte', ...upload('a\u0000b.png')],
  ['multipart file name with a control character', ...upload('a\u0007b.png')],
  ['multipart with an empty boundary', upload('a.png')[0], 'multipart/form-data; boundary='],
];

/** Hostile JSON texts sent raw (content type, body). */
const RAW_TEXTS: [name: string, text: string | Buffer, contentType?: string][] = [
  ['__proto__ at the top', '{"__proto__":{"polluted":"yes","isAdmin":true}}'],
  ['__proto__ beside valid fields', '{"fieldData":{"Job Name":"x","__proto__":{"polluted":"yes"}},"__proto__":{"privileges":["MANAGE_USERS"]}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":"yes"}}}'],
  ['nested constructor.prototype', '{"query":[{"constructor":{"prototype":{"polluted":"yes"}}}]}'],
  ['__proto__ as an escaped key', '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":"yes"}}'],
  ['arrays 1,000 deep', deepArray(1_000)],
  ['arrays 100,000 deep', deepArray(100_000)],
  ['objects 1,000 deep', deepObject(1_000)],
  ['objects 100,000 deep', deepObject(100_000)],
  ['a field 100,000 deep', `{"fieldData":${deepObject(100_000)},"query":${deepArray(100_000)},"user":${deepArray(100_000)}}`],
  ['100,000 numbers', hugeArray(100_000, '0')],
  ['100,000 find requests', `{"query":${hugeArray(100_000, '{}')},"searchCriteria":${hugeArray(100_000, '{"criteria":{}}')}}`],
  ['100,000 sort fields', `{"sort":${hugeArray(100_000, '{"fieldName":"Job Name"}')}}`],
  ['huge numbers', '{"jobId":1e308,"containerId":-0,"container":9007199254740993,"modId":1e-400,"limit":1e400,"offset":-1e400,"packQuantity":123456789012345678901234567890}'],
  ['huge numbers in fieldData', '{"fieldData":{"__PKJobID":1e308,"Job ID":1e400,"id_container":-0,"Pack Quantity":1e-400,"Pack Size":-1e308,"Percent Fill":9007199254740993}}'],
  ['a 1 MB string', `{"fieldData":{"Job Name":"${'a'.repeat(1024 * 1024)}"}}`],
  ['a 900 kB string', `{"fieldData":{"Job Name":"${'a'.repeat(900 * 1024)}","Lot Number":"x"},"ndc":"${'1'.repeat(1000)}"}`],
  ['NUL in every text', '{"fieldData":{"Job Name":"a\\u0000b","Lot Number":"\\u0000","Container Name":"\\u0000"},"containerName":"\\u0000","ndc":"\\u0000","username":"\\u0000","password":"\\u0000","reportType":"perNdc","registration":"\\u0000","jobId":"\\u0000","containerName2":"x"}'],
  ['lone surrogates', '{"fieldData":{"Job Name":"\\ud800"},"containerName":"\\udfff","username":"\\ud83d"}'],
  ['not JSON', '{'],
  ['trailing comma', '{"a":1,}'],
  ['empty', ''],
  ['null', 'null'],
  ['a string', '"text"'],
  ['a number', '1'],
  ['an array', '[]'],
  ['BOM first', '\uFEFF{}'],
  ['NUL bytes', Buffer.from([0, 0, 0, 0])],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['text/plain', '{}', 'text/plain'],
  ['form encoded', 'fieldData[Job Name]=x&__proto__[polluted]=1', 'application/x-www-form-urlencoded'],
  ['multipart without boundary', '--x\r\n\r\n', 'multipart/form-data'],
  ...MULTIPART_MALFORMED.map(([name, body, type]): [string, Buffer, string] => [name, body, type]),
  ['JSON in another charset', '{}', 'application/json; charset=utf-16'],
  ['no content type', '{}', ''],
];

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('every route that takes a body', () => {
  it('is listed here (a new route must be added to these properties)', async () => {
    const spec = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const served = Object.entries(spec.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => routeKey(method.toUpperCase(), path)))
      .filter((key) => !key.startsWith('GET ') && !key.startsWith('HEAD '))
      .sort();
    expect(ROUTES.map((r) => routeKey(r.method, `/3ds/api${r.path}`)).sort()).toEqual(served);
  });

  it('answers 200 to the valid bodies the properties start from', async () => {
    for (const route of ROUTES.filter((r) => r.valid && !/delete|lock|move|upload/i.test(r.path))) {
      const res = await sendAndCheck({ route, url: await urlFor(route, { pick: 1 }), payload: JSON.stringify(await route.valid!(fixture(1))) });
      // 200 as FileMaker answers; a saved find is created with 201.
      expect([200, 201], `${route.method} ${route.path}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
    }
  });

  it(`any JSON value, with __proto__ / constructor / prototype keys and null prototypes (${RUNS.anyJson} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), paramArb, anyJsonArb, async (route, param, payload) => {
        tried.anyJson = (tried.anyJson ?? 0) + 1;
        await sendAndCheck({ route, url: await urlFor(route, param), payload });
      }),
      { numRuns: RUNS.anyJson },
    );
  }, TIMEOUT);

  it('needs the container of a line item created from fieldData (regression: no id gave a 500)', async () => {
    for (const path of ['/line-item', '/yb-line-item']) {
      const route = ROUTES.find((r) => r.path === path)!;
      const res = await sendAndCheck({ route, url: `/3ds/api${path}`, payload: '{"fieldData":{"NDC Number":"00406-0552-01","Pack Quantity":1}}' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request is not valid: body.fieldData: needs id_container or Container ID (the container to add to)');
    }
  });

  it('refuses text the database cannot store, naming where (regression: NUL and lone surrogates gave 500s)', async () => {
    const job = await fixture(0).id('job');
    const container = await fixture(0).id('container');
    // A container whose name the database stored with U+FFFD, so that a report looks for it.
    await t.db.updateTable('containers').set({ name: '\uFFFD' }).where('id', '=', container).execute();
    const jobOf = (await t.db.selectFrom('containers').select('job_id').where('id', '=', container).executeTakeFirstOrThrow()).job_id;
    const cases: [string, string, string, string][] = [
      ['PATCH', `/job/${job}`, '{"fieldData":{"Job Name":"a\\u0000b"}}', 'body.fieldData.Job Name contains a NUL character (U+0000), which cannot be stored.'],
      ['POST', '/container/new', `{"jobId":${job},"containerName":"\\u0000"}`, 'body.containerName contains a NUL character (U+0000), which cannot be stored.'],
      [
        'POST',
        '/exportReport',
        `{"registration":"BA1234563","jobId":"${jobOf}","containerName":"\\ud800","reportType":"perNdc"}`,
        'body.containerName contains half of a UTF-16 surrogate pair (\\ud800–\\udfff), which cannot be stored.',
      ],
      ['GET', '/get-value-list?valueListName=%00', '', 'query.valueListName contains a NUL character (U+0000), which cannot be stored.'],
    ];
    for (const [method, path, payload, message] of cases) {
      const res = await t.injectAs(USER, { method: method as 'GET', url: `/3ds/api${path}`, ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it(`valid bodies with one field replaced, removed or added (${RUNS.mutated} runs)`, async () => {
    const withBodies = ROUTES.filter((r) => r.valid);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBodies), paramArb, fc.nat(), mutationArb, async (route, param, pick, mutation) => {
        tried.mutated = (tried.mutated ?? 0) + 1;
        const payload = mutate(await route.valid!(fixture(pick)), mutation);
        await sendAndCheck({ route, url: await urlFor(route, param), payload });
      }),
      { numRuns: RUNS.mutated },
    );
  }, TIMEOUT);

  it(`raw texts: deep nesting, enormous arrays, huge numbers, 1 MB strings, wrong types (${RUNS.rawTexts} runs)`, async () => {
    const used = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), paramArb, fc.constantFrom(...RAW_TEXTS), async (route, param, [name, text, contentType]) => {
        tried.rawTexts = (tried.rawTexts ?? 0) + 1;
        used.add(name);
        const headers: Record<string, string> = contentType === undefined ? {} : contentType === '' ? { 'content-type': '' } : { 'content-type': contentType };
        await sendAndCheck({ route, url: await urlFor(route, param), payload: text, headers });
      }),
      { numRuns: RUNS.rawTexts },
    );
    expect([...used].sort()).toEqual(RAW_TEXTS.map(([name]) => name).sort());
  }, TIMEOUT);

  it('every field of every valid body, one at a time: NUL, lone surrogates, long text, numbers at the limits', async () => {
    const texts = ['"a\\u0000b"', '"\\ud800"', JSON.stringify('x'.repeat(10_001))];
    const numbers = ['1e400', '-0', '2147483648', '9007199254740993', '1e-400'];
    for (const route of ROUTES.filter((r) => r.valid)) {
      const valid = await route.valid!(fixture(2));
      const paths = pathsOf(valid);
      for (let at = 0; at < paths.length; at++) {
        for (const raw of [...texts, ...numbers]) {
          tried.everyField = (tried.everyField ?? 0) + 1;
          await sendAndCheck({ route, url: await urlFor(route, { pick: 2 }), payload: replaceAt(valid, paths[at]!, raw) });
        }
      }
    }
  }, TIMEOUT);

  it('every number field of every valid body, written as JavaScript would read it: refused with 4xx naming the field, never stored', async () => {
    // JavaScript's Number() reads all of these; none is a plain decimal.
    const coercible = ['"0x10"', '"0b101"', '"0o17"', '"+3"', '" 5 "', '".5e1"', '"1e12"', '"1_000"', '"Infinity"', '"5."', '"٣"'];
    let refused = 0;
    // A declared inventory's Packages and Partial Fill are the text of a sheet's cells, trimmed as a sheet's are (" 5 ", "40%"): the rules read them (rules/declared-inventory.ts, its tests).
    const sheetText = new Set(['PUT /job/:id/declared']);
    for (const route of ROUTES.filter((r) => r.valid && !sheetText.has(`${r.method} ${r.path}`))) {
      const valid = await route.valid!(fixture(3));
      for (const path of pathsOf(valid).filter((p) => NUMBER_FIELDS.has(String(p[p.length - 1])))) {
        for (const raw of coercible) {
          tried.numberStrings = (tried.numberStrings ?? 0) + 1;
          const res = await sendAndCheck({ route, url: await urlFor(route, { pick: 3 }), payload: replaceAt(valid, path, raw) });
          const field = String(path[path.length - 1]);
          const context = `${route.method} ${route.path} ${field} = ${raw} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect([400, 422], context).toContain(res.statusCode);
          expect(res.json().message + (res.json().details ?? []).join(' '), context).toMatch(new RegExp(`${LABELS[field]}|${field}`, 'i'));
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(300);
  }, TIMEOUT);

  it('every number field of every valid body, written beyond what a double holds: refused with 422 naming the field, never stored as 0 or Infinity', async () => {
    // JSON.parse reads each of these as 0 or ±Infinity before any schema sees it.
    const outOfRange = ['1e-400', '-1e-400', '2.5e-310', `0.${'0'.repeat(400)}1`, '1e400', '-1E+309', '9'.repeat(400)];
    let refused = 0;
    // A declared inventory's Packages and Partial Fill are the text of a sheet's cells, trimmed as a sheet's are (" 5 ", "40%"): the rules read them (rules/declared-inventory.ts, its tests).
    const sheetText = new Set(['PUT /job/:id/declared']);
    for (const route of ROUTES.filter((r) => r.valid && !sheetText.has(`${r.method} ${r.path}`))) {
      const valid = await route.valid!(fixture(3));
      for (const path of pathsOf(valid).filter((p) => NUMBER_FIELDS.has(String(p[p.length - 1])))) {
        for (const raw of outOfRange) {
          tried.outOfRange = (tried.outOfRange ?? 0) + 1;
          const res = await sendAndCheck({ route, url: await urlFor(route, { pick: 3 }), payload: replaceAt(valid, path, raw) });
          const field = String(path[path.length - 1]);
          const context = `${route.method} ${route.path} ${field} = ${raw.slice(0, 20)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBe(422);
          const details = res.json().details as string[];
          expect(details, context).toHaveLength(1);
          expect(details[0]!.startsWith(`body.${path.join('.')} is `), context).toBe(true);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(150);
  }, TIMEOUT);

  it('every fieldData of every valid body, with a value nested or a name it does not know: refused with 400 naming it', async () => {
    const nested = ['{"a":1}', '[1]', '[[["x"]]]', deepArray(10_000), deepObject(10_000)];
    for (const route of ROUTES.filter((r) => r.valid)) {
      const valid = (await route.valid!(fixture(4))) as { fieldData?: Record<string, unknown> };
      if (!valid.fieldData) continue;
      for (const key of Object.keys(valid.fieldData)) {
        for (const raw of nested) {
          tried.nested = (tried.nested ?? 0) + 1;
          const res = await sendAndCheck({ route, url: await urlFor(route, { pick: 4 }), payload: replaceAt(valid, ['fieldData', key], raw) });
          expect(res.statusCode, `${route.path} ${key} = ${raw.slice(0, 20)}`).toBe(400);
          expect(res.json().message).toContain(`fieldData.${key}`);
        }
      }
      for (const unknown of ['Lot', 'constructor', 'NDC  Number', 'x'.repeat(300)]) {
        tried.nested = (tried.nested ?? 0) + 1;
        const payload = JSON.stringify({ ...valid, fieldData: { ...valid.fieldData, [unknown]: 'x' } });
        const res = await sendAndCheck({ route, url: await urlFor(route, { pick: 4 }), payload });
        expect(res.statusCode, `${route.path} + ${unknown.slice(0, 20)}`).toBe(400);
        expect(res.json().message).toContain('unknown field');
      }
    }
  }, TIMEOUT);

  it('the malformed uploads on both upload routes: 400, never a 500', async () => {
    for (const route of ROUTES.filter((r) => r.path.endsWith('/upload'))) {
      for (const [name, body, contentType] of [...MULTIPART_MALFORMED, ['multipart without boundary', upload('a.png')[0], 'multipart/form-data'] as const]) {
        tried.multipart = (tried.multipart ?? 0) + 1;
        // An unlocked job (the properties above lock and unlock jobs at random) and the first registration, so the body is read.
        const unlocked = await t.db.selectFrom('jobs').select('id').where('locked', '=', false).orderBy('id').executeTakeFirstOrThrow();
        const url = route.path.startsWith('/job')
          ? `/3ds/api${route.path.replace(':id', String(unlocked.id))}?field=P3`
          : `${await urlFor(route, { pick: 0 })}?field=Registration_Picture`;
        const res = await sendAndCheck({ route, url, payload: body, headers: { 'content-type': contentType } });
        expect(res.statusCode, `${route.path} ${name}: ${res.body.slice(0, 200)}`).toBe(400);
      }
    }
  }, TIMEOUT);

  it(`valid bodies sent to spellings of their route's path: the same route or none, never a 500 (${RUNS.spelled} runs)`, async () => {
    const withBodies = ROUTES.filter((r) => r.valid && !r.public);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBodies), fc.nat(), fc.nat(), async (route, pick, which) => {
        tried.spelled = (tried.spelled ?? 0) + 1;
        const url = await urlFor(route, { pick });
        // app.inject reads an absolute or protocol-relative URL as one: those spellings are for the real-socket test.
        const variants = spellings(url).filter((v) => v.startsWith('/') && !v.startsWith('//'));
        const res = await sendAndCheck({ route, url: variants[which % variants.length]!, payload: JSON.stringify(await route.valid!(fixture(pick))) });
        expect([200, 201, 204, 400, 401, 403, 404, 409, 422, 429]).toContain(res.statusCode);
      }),
      { numRuns: RUNS.spelled },
    );
  }, TIMEOUT);

  it('refuses a body over the limit with 413 and a message', async () => {
    const route = ROUTES.find((r) => r.path === '/job')!;
    const res = await sendAndCheck({ route, url: '/3ds/api/job', payload: `{"fieldData":{"Job Name":"${'a'.repeat(1024 * 1024)}"}}` });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ title: 'Payload Too Large', message: 'The request body is too large.' });
  });
});

describe('GET /get-value-list', () => {
  it(`any list name and keys in the query string (${RUNS.valueLists} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(fc.oneof(fc.constantFrom('Container Type', 'Source', 'container type'), hostileString), { nil: undefined }), fc.option(hostileString, { nil: undefined }), async (name, key) => {
        tried.valueLists = (tried.valueLists ?? 0) + 1;
        const query = new URLSearchParams();
        if (name !== undefined) query.set('valueListName', name);
        if (key !== undefined) query.set('primaryKey', key);
        const res = await t.injectAs(USER, { method: 'GET', url: `/3ds/api/get-value-list?${query}` });
        const context = `${query} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, context).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().message, context).toBeTruthy();
        expectNoPollution(context);
      }),
      { numRuns: RUNS.valueLists },
    );
  }, TIMEOUT);
});
