import {
  ACTIONS,
  actionRule,
  BULK_ACTIONS,
  BULK_ENTITIES,
  bulkActionRule,
  CATALOGUE,
  lockRefusal,
  mayPerform,
  PRIVILEGES,
  type Action,
  type EntityName,
  type LockState,
} from '@3ds/domain';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { multipartBody, TINY_PNG } from '../support/multipart.ts';
import { confirmDestructionWitnesses, createContainer, createJob, createLineItem, createOrderForm, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Generated from the permission table: every mutating route × every privilege set (none, each single
 * privilege, all) × every lock state the route's record can be in (unlocked; the record itself, its
 * container, its job locked). The expected answer comes from the table alone: 403 without the
 * action's privilege, 409 when a lock condition of the action's row is met, success otherwise. Every
 * refusal must carry a message and leave every record table exactly as it was.
 */

/**
 * `own-item`: the container holds a line item locked on its own (the container itself unlocked).
 * `final`: the record's job is final (destroyed: finality.ts), itself unlocked.
 */
type Level = 'none' | 'record' | 'container' | 'job' | 'own-item' | 'final';
type Kind = 'standard' | 'yellow_bucket';

interface Fixture {
  registrationId: number;
  jobId: number;
  /** Another unlocked job of the same registration number (container moves). */
  otherJobId: number;
  containerId: number;
  /** Another unlocked container of the same job and kind (line item moves). */
  otherContainerId: number;
  lineItemId: number;
  /** A Form 41 generated for the job (the signed-copy route's document), when the route needs one. */
  generatedDocumentId: number;
  /** An issued Form 222 of the registration, when the route changes one. */
  orderFormId: number;
  /** A loss of the job (a theft found by its reconciliation), when the route changes one. */
  lossId: number;
}

interface Scenario {
  /** Method and path as the route is registered. */
  route: string;
  action: Action;
  /**
   * What the route's record is: it decides which lock levels apply and what "record" locks. A Form 222
   * has no lock; its route changes the form, so each allowed call gets a form of its own.
   */
  subject: 'job' | 'container' | 'line-item' | 'order-form' | 'loss' | 'none';
  kind: Kind;
  /** The request as `username` sends it (a route of the user's own things makes one of theirs first). */
  request(f: Fixture, username: string): InjectOptions | Promise<InjectOptions>;
  /**
   * A bulk route (`records.bulk`): `action` is the single action its body's action maps to. A lock
   * refusal is then the record listed as refused (200, `LOCKED`, nothing changed), not a 409.
   */
  bulk?: true;
}

/** Session routes are the session itself; auth.test.ts covers them (login is public, logout ends the caller's session). */
const NOT_GENERATED = new Set(['POST /login', 'POST /logout']);

const API = '/3ds/api';
/** The account the user-administration routes change (never one of the privilege-set users). */
const TARGET_USER = 'target-user';
const NDC = '00406-0552-01';
/** A user who witnesses destructions, and their password. */
const WITNESS = 'w-witness';
const WITNESS_PASSWORD = 'correct horse 1';

function scenarios(): Scenario[] {
  const list: Scenario[] = [];
  const add = (route: string, action: Action, subject: Scenario['subject'], kind: Kind, request: Scenario['request'], bulk?: true) =>
    list.push({ route, action, subject, kind, request, ...(bulk ? { bulk } : {}) });
  const body = (method: string, url: string, payload?: object): InjectOptions => ({ method: method as InjectOptions['method'], url: `${API}${url}`, ...(payload ? { payload } : {}) });

  add('POST /job', 'job.create', 'none', 'standard', (f) => body('POST', '/job', { fieldData: { _fkRegistration_Record_Number: f.registrationId, 'Job Name': 'Generated job' } }));
  add('PATCH /job/:id', 'job.rename', 'job', 'standard', (f) => body('PATCH', `/job/${f.jobId}`, { fieldData: { 'Job Name': 'Renamed job' } }));
  add('PATCH /job/:id/destruction-record', 'job.edit-destruction-record', 'job', 'standard', (f) =>
    body('PATCH', `/job/${f.jobId}/destruction-record`, { fieldData: { 'Destruction Facility': 'Red River Incineration Services' } }),
  );
  // A witness confirms with their own password (locked or not); a typed name from before is withdrawn.
  add('POST /job/:id/witnesses/:role', 'job.confirm-witness', 'job', 'standard', (f) =>
    body('POST', `/job/${f.jobId}/witnesses/destruction-1`, { username: WITNESS, password: WITNESS_PASSWORD }),
  );
  add('POST /job/:id/witnesses/:role/withdraw', 'job.withdraw-witness', 'job', 'standard', (f) =>
    body('POST', `/job/${f.jobId}/witnesses/destruction-2/withdraw`, { reason: 'Typed by mistake' }),
  );
  add('PATCH /job/lock/:id', 'job.lock', 'job', 'standard', (f) => body('PATCH', `/job/lock/${f.jobId}`));
  add('PATCH /job/unlock/:id', 'job.unlock', 'job', 'standard', (f) => body('PATCH', `/job/unlock/${f.jobId}`, { reason: 'A count to correct' }));
  add('POST /sendJobReadyNotification', 'job.notify-ready', 'job', 'standard', (f) => body('POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: f.jobId } }));
  add('POST /job/move-container-to-yb/:jobId', 'job.move-container-to-yb', 'container', 'standard', (f) =>
    body('POST', `/job/move-container-to-yb/${f.jobId}`, { containerId: f.containerId }),
  );
  add('POST /job/:id/documents/form-41', 'job.form-41', 'job', 'standard', (f) => body('POST', `/job/${f.jobId}/documents/form-41`));
  add('POST /job/:id/documents/certificate', 'job.certificate', 'job', 'standard', (f) => body('POST', `/job/${f.jobId}/documents/certificate`));
  add('POST /job/:id/documents/:documentId/signed-copy', 'job.attach-signed-copy', 'none', 'standard', (f) => ({
    method: 'POST',
    url: `${API}/job/${f.jobId}/documents/${f.generatedDocumentId}/signed-copy`,
    ...multipartBody([{ name: 'signed.png', bytes: TINY_PNG }]),
  }));
  add('POST /job/:id/upload', 'job.upload-file', 'job', 'standard', (f) => ({
    method: 'POST',
    url: `${API}/job/${f.jobId}/upload?field=P1`,
    ...multipartBody([{ name: 'p1.png', bytes: TINY_PNG }]),
  }));
  // The declared inventory: typed, and read from a CSV (its items differ from the typed ones, so each call changes it).
  let declared = 0;
  add('PUT /job/:id/declared', 'job.declare', 'job', 'standard', (f) => body('PUT', `/job/${f.jobId}/declared`, { items: [{ description: 'Diazepam 5 mg tablets', packages: ++declared }] }));
  add('POST /job/:id/declared/file', 'job.declare', 'job', 'standard', (f) => ({
    method: 'POST',
    url: `${API}/job/${f.jobId}/declared/file`,
    ...multipartBody([{ name: 'declared.csv', bytes: Buffer.from(`Description,Packages\r\nLorazepam 1 mg tablets,${++declared}\r\n`) }]),
  }));
  add('POST /job/:id/reconciliation/resolve', 'job.resolve-discrepancy', 'job', 'standard', (f) =>
    body('POST', `/job/${f.jobId}/reconciliation/resolve`, { key: 'row:1', declared: 1, received: 0, reason: 'client-counted-wrong' }),
  );
  add('POST /job/:id/reconciliation/pdf', 'job.reconciliation-pdf', 'none', 'standard', (f) => body('POST', `/job/${f.jobId}/reconciliation/pdf`));
  // A loss's reports and worksheet: a loss has no lock; each allowed call gets a loss of its own.
  add('PATCH /loss/:id', 'loss.record-report', 'loss', 'standard', (f) => body('PATCH', `/loss/${f.lossId}`, { noticeSentOn: '01/05/2026' }));
  add('POST /loss/:id/worksheet', 'loss.worksheet', 'loss', 'standard', (f) => body('POST', `/loss/${f.lossId}/worksheet`));
  // The Form 222 register: a new number each time (a number is used once); the form's state refuses in the service (409), not a lock.
  let formNumber = 0;
  add('POST /order-form/new', 'order-form.issue', 'none', 'standard', (f) =>
    body('POST', '/order-form/new', { registrationId: f.registrationId, formNumber: String(450_000_000 + ++formNumber), formKind: 'paper', issuedOn: '01/02/2026', lines: [{ lineNo: 1, ndc: NDC, packages: 1 }] }),
  );
  add('PATCH /order-form/:id', 'order-form.edit', 'order-form', 'standard', (f) => body('PATCH', `/order-form/${f.orderFormId}`, { note: 'Two bottles more' }));
  add('POST /order-form/:id/status', 'order-form.void', 'order-form', 'standard', (f) => body('POST', `/order-form/${f.orderFormId}/status`, { status: 'void', reason: 'Misprinted' }));
  add('POST /registration/:id/upload', 'registration.upload-picture', 'none', 'standard', (f) => ({
    method: 'POST',
    url: `${API}/registration/${f.registrationId}/upload?field=Registration_Picture`,
    ...multipartBody([{ name: 'r.png', bytes: TINY_PNG }]),
  }));
  let newUser = 0;
  add('POST /users', 'user.manage', 'none', 'standard', () =>
    body('POST', '/users', { username: `made-${++newUser}`, displayName: 'Made user', password: 'a-good-password-1', privileges: [] }),
  );
  add('PATCH /users/:username', 'user.manage', 'none', 'standard', () => body('PATCH', `/users/${TARGET_USER}`, { displayName: `Renamed ${++newUser}` }));
  add('POST /users/:username/password', 'user.manage', 'none', 'standard', () => body('POST', `/users/${TARGET_USER}/password`, { password: `another-password-${++newUser}` }));
  let city = 0;
  add('PATCH /settings', 'settings.edit', 'none', 'standard', () => body('PATCH', '/settings', { fieldData: { City: `Columbus ${++city}` } }));
  // A year's calendar: a new name each time, so that each allowed call changes it.
  let holiday = 0;
  add('PUT /settings/holidays', 'settings.holidays', 'none', 'standard', () => body('PUT', '/settings/holidays', { year: 2026, holidays: [{ date: '12/24/2026', name: `Christmas Eve ${++holiday}` }] }));
  let savedFind = 0;
  /** One of the user's own saved finds, to rename or delete. */
  const ownSavedFind = async (username: string) => {
    const user = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('saved_finds')
      .values({ user_id: user.id, entity: 'jobs', name: `Own find ${++savedFind}`, requests: '[]', sort: '[{"fieldName":"Job Name","sortOrder":"ascend"}]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  add('POST /saved-finds', 'savedFind.create', 'none', 'standard', () => body('POST', '/saved-finds', { entity: 'jobs', name: `Saved ${++savedFind}`, quickFind: 'acme' }));
  add('PATCH /saved-finds/:id', 'savedFind.edit', 'none', 'standard', async (_f, username) =>
    body('PATCH', `/saved-finds/${await ownSavedFind(username)}`, { name: `Renamed ${++savedFind}` }),
  );
  add('DELETE /saved-finds/:id', 'savedFind.delete', 'none', 'standard', async (_f, username) => body('DELETE', `/saved-finds/${await ownSavedFind(username)}`));
  add('PUT /list-columns/:entity', 'listColumns.choose', 'none', 'standard', () => body('PUT', '/list-columns/line-items', { hidden: ['Strength', 'CWF Form Number'] }));
  add('POST /exportReport', 'report.export', 'none', 'standard', (f) => body('POST', '/exportReport', { registration: 'BA1234563', jobId: f.jobId, reportType: 'excelExport' }));
  add('POST /reports/arcos', 'arcos.generate', 'none', 'standard', () => body('POST', '/reports/arcos', { period: '2025-Q3' }));
  add('POST /reports/inventory', 'inventory.take', 'none', 'standard', () => body('POST', '/reports/inventory', { asOf: '01/02/2026 17:00' }));
  // Corrections of a final record: the shared fixture's job of a route with no `final` refusal is
  // destroyed (fixture()), so its line item takes corrections; each decision gets a pending one of
  // its own, asked by another user (the corrections table is not digested: a refused decision's
  // pending correction changes no record).
  let corrected = 1;
  add('POST /corrections', 'correction.request', 'none', 'standard', (f) =>
    body('POST', '/corrections', { lineItemId: f.lineItemId, field: 'Lot Number', value: `LOT-C${++corrected}`, reason: 'The lot on the bottle reads otherwise' }),
  );
  for (const decision of ['approve', 'reject'] as const) {
    add(`POST /correction/:id/${decision}`, 'correction.approve', 'none', 'standard', async (f) => {
      const item = await t.db.selectFrom('line_items').select('pack_quantity').where('id', '=', f.lineItemId).executeTakeFirstOrThrow();
      const now = Number(item.pack_quantity);
      const row = await t.db
        .insertInto('corrections')
        .values({ job_id: f.jobId, line_item_id: f.lineItemId, field: 'Pack Quantity', old_value: String(now), new_value: String(now + 1), new_stored: JSON.stringify(now + 1), reason: 'Recount', requested_by: TARGET_USER })
        .returning('id')
        .executeTakeFirstOrThrow();
      return body('POST', `/correction/${row.id}/${decision}`, { note: 'Checked' });
    });
  }

  for (const [kind, singular, plural] of [
    ['standard', 'container', 'containers'],
    ['yellow_bucket', 'yb-container', 'yb-containers'],
  ] as const) {
    add(`POST /${singular}/new`, 'container.create', 'container', kind, (f) => body('POST', `/${singular}/new`, { jobId: f.jobId, containerName: 'New box', netWeight: 1 }));
    add(`POST /${singular}`, 'container.create', 'container', kind, (f) => body('POST', `/${singular}`, { fieldData: { 'Job ID': f.jobId, 'Container Name': 'New box' } }));
    add(`PATCH /${singular}/edit/:id`, kind === 'standard' ? 'container.edit' : 'yb-container.edit', 'container', kind, (f) =>
      body('PATCH', `/${singular}/edit/${f.containerId}`, { netWeight: 42 }),
    );
    add(`PATCH /${singular}/lock/:id`, 'container.lock', 'container', kind, (f) => body('PATCH', `/${singular}/lock/${f.containerId}`));
    add(`PATCH /${singular}/unlock/:id`, 'container.unlock', 'container', kind, (f) => body('PATCH', `/${singular}/unlock/${f.containerId}`));
    add(`PUT /${singular}/move`, 'container.move', 'container', kind, (f) => body('PUT', `/${singular}/move`, { jobId: f.otherJobId, containerId: f.containerId }));
    for (const path of [singular, plural]) {
      add(`DELETE /${path}/:id`, 'container.delete', 'container', kind, (f) => body('DELETE', `/${path}/${f.containerId}`));
    }
  }

  for (const [kind, singular, plural] of [
    ['standard', 'line-item', 'line-items'],
    ['yellow_bucket', 'yb-line-item', 'yb-line-items'],
  ] as const) {
    add(`POST /${singular}/new`, 'line-item.create', 'container', kind, (f) => body('POST', `/${singular}/new`, { containerId: f.containerId, ndc: NDC, packQuantity: '2' }));
    add(`POST /${singular}`, 'line-item.create', 'container', kind, (f) => body('POST', `/${singular}`, { fieldData: { id_container: f.containerId, 'NDC Number': NDC, 'Pack Quantity': 2 } }));
    add(`PATCH /${singular}/edit/:id`, 'line-item.change-ndc', 'line-item', kind, (f) => body('PATCH', `/${singular}/edit/${f.lineItemId}`, { ndc: '00591-0385-01' }));
    for (const path of [`/${singular}/update-line-item/:id`, `/${plural}/update-line-item/:id`, `/${singular}/:id`, `/${plural}/:id`]) {
      add(`PATCH ${path}`, 'line-item.edit', 'line-item', kind, (f) => body('PATCH', path.replace(':id', String(f.lineItemId)), { fieldData: { 'Lot Number': 'LOT-9' } }));
    }
    add(`PATCH /${singular}/lock/:id`, 'line-item.lock', 'line-item', kind, (f) => body('PATCH', `/${singular}/lock/${f.lineItemId}`));
    add(`PATCH /${singular}/unlock/:id`, 'line-item.unlock', 'line-item', kind, (f) => body('PATCH', `/${singular}/unlock/${f.lineItemId}`));
    add(`POST /${singular}/move/:id`, 'line-item.move', 'line-item', kind, (f) => body('POST', `/${singular}/move/${f.lineItemId}`, { container: f.otherContainerId }));
    for (const path of [singular, plural]) {
      add(`DELETE /${path}/:id`, 'line-item.delete', 'line-item', kind, (f) => body('DELETE', `/${path}/${f.lineItemId}`));
    }
  }

  for (const entity of Object.keys(CATALOGUE) as EntityName[]) {
    const { singular } = CATALOGUE[entity];
    add(`POST /${entity}/export`, 'records.export', 'none', 'standard', () => body('POST', `/${entity}/export`, { fileType: 'xlsx' }));
    for (const path of new Set([entity, singular])) {
      add(`POST /${path}/search`, 'records.search', 'none', 'standard', () => body('POST', `/${path}/search`, { query: [{}] }));
    }
  }
  // Bulk actions on a selection of one record: every action of every list, as the single action it maps to.
  for (const entity of BULK_ENTITIES) {
    const lineItems = entity === 'line-items' || entity === 'yb-line-items';
    const kind: Kind = entity.startsWith('yb-') ? 'yellow_bucket' : 'standard';
    for (const action of BULK_ACTIONS) {
      const single = bulkActionRule(entity, action);
      const subject: Scenario['subject'] = action === 'export' ? 'none' : lineItems ? 'line-item' : 'container';
      add(
        `POST /${entity}/bulk`,
        single,
        subject,
        kind,
        (f) =>
          body('POST', `/${entity}/bulk`, {
            action,
            ids: [lineItems ? f.lineItemId : f.containerId],
            ...(action === 'move' ? { target: lineItems ? { containerId: f.otherContainerId } : { jobId: f.otherJobId } } : {}),
            ...(action === 'export' ? { fileType: 'xlsx' } : {}),
          }),
        true,
      );
    }
  }
  return list;
}

/** The lock levels a route's record can be in. */
function levelsOf(subject: Scenario['subject']): Level[] {
  switch (subject) {
    case 'job':
      return ['none', 'record'];
    case 'container':
      return ['none', 'record', 'job', 'own-item', 'final'];
    case 'line-item':
      return ['none', 'record', 'container', 'job', 'final'];
    case 'order-form':
    case 'loss':
    case 'none':
      return ['none'];
  }
}

/** The lock state the table sees for a level: a container route's "container" is its record. */
function lockStateOf(scenario: Scenario, level: Level): LockState {
  if (scenario.action === 'line-item.create') return { job: level === 'job', container: level === 'record' };
  if (scenario.subject === 'job') return { record: level === 'record' };
  return {
    job: level === 'job',
    container: level === 'container',
    record: level === 'record',
    ownLockedItems: level === 'own-item' ? 1 : 0,
    ...(level === 'final' ? { final: { dateDestroyed: DESTRUCTION_RECORD.date_destroyed, form41: false, reported: false } } : {}),
  };
}

const PRIVILEGE_SETS: { name: string; privileges: string[] }[] = [
  { name: 'none', privileges: [] },
  ...PRIVILEGES.map((p) => ({ name: p, privileges: [p] })),
  { name: 'all', privileges: [...PRIVILEGES] },
];
const userOf = (set: { name: string }) => `p-${set.name.toLowerCase()}`;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  for (const set of PRIVILEGE_SETS) await createUser(t.db, { username: userOf(set), privileges: set.privileges });
  await createUser(t.db, { username: TARGET_USER });
  await createUser(t.db, { username: WITNESS, password: WITNESS_PASSWORD });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: NDC, schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '00591-0385-01', schedule: '2', trade_name: 'OXYCODONE HCL 10 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
    ] as never)
    .execute();
  // Our registration, printed on the DEA documents; without it the ARCOS file is refused (409) whoever asks.
  await t.db
    .updateTable('settings')
    .set({ registrant_name: 'Tristate Returns LLC', dea_number: 'RT1234563', address_line_1: '100 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215' })
    .where('id', '=', 1)
    .execute();
});
afterAll(() => t.close());

const DESTRUCTION_RECORD = {
  date_transfer: '2026-11-10',
  date_received: '2026-11-12',
  date_destroyed: '2026-11-20',
  disposal_method: 'Incineration',
  destruction_facility: 'Clean Harbors Deer Park',
  destruction_facility_address: '2027 Independence Pkwy S, La Porte, TX 77571',
  destruction_witness_1: 'Alex Witness',
  destruction_witness_2: 'Blair Witness',
};

async function fixture(scenario: Scenario, level: Level): Promise<Fixture> {
  const registration = await createRegistration(t.db, { registration_number: 'BA1234563', schedule_2: true });
  const jobLocked = level === 'job' || (scenario.subject === 'job' && level === 'record');
  const containerLocked =
    level === 'container' || (level === 'record' && (scenario.subject === 'container' || scenario.action === 'line-item.create'));
  // With its destruction record: a locked job's DEA documents can be generated. Its Date Destroyed
  // makes it final, which the actions that rewrite what it holds refuse: they see it at level `final`.
  const destroyed = level === 'final' || !actionRule(scenario.action).refusedWhen.includes('final');
  const job = await createJob(t.db, { registration_id: registration.id, locked: jobLocked, ...DESTRUCTION_RECORD, date_destroyed: destroyed ? DESTRUCTION_RECORD.date_destroyed : null });
  const otherJob = await createJob(t.db, { registration_id: registration.id });
  const container = await createContainer(t.db, { job_id: job.id, kind: scenario.kind, locked: containerLocked, net_weight: 10, package_weight: 1 });
  const otherContainer = await createContainer(t.db, { job_id: job.id, kind: scenario.kind });
  const item = await createLineItem(t.db, {
    container_id: container.id,
    job_id: job.id,
    kind: scenario.kind,
    ndc: NDC,
    ndc_schedule: '2',
    pack_quantity: 1,
    locked: (scenario.subject === 'line-item' && level === 'record') || level === 'own-item',
    locked_own: (scenario.subject === 'line-item' && level === 'record') || level === 'own-item',
  });
  if (scenario.action === 'job.resolve-discrepancy') {
    // What the client declared and did not send: one line of the reconciliation to resolve.
    await t.db.insertInto('declared_inventories').values({ job_id: job.id, source: 'typed', created_by: 'test' }).execute();
    await t.db.insertInto('declared_items').values({ job_id: job.id, row_no: 1, description: 'Unlabelled tablets', packages: 1 }).execute();
  }
  // The DEA documents print the destruction witnesses, who confirmed for themselves (rules/witnesses.ts).
  if (scenario.action === 'job.form-41' || scenario.action === 'job.certificate') await confirmDestructionWitnesses(t.db, job.id);
  let generatedDocumentId = 0;
  if (scenario.action === 'job.attach-signed-copy') {
    const file = await t.db
      .insertInto('files')
      .values({ storage_key: `jobs/${job.id}/form-41-${job.id}.pdf`, original_name: `job-${job.id}-form-41.pdf`, content_type: 'application/pdf', size_bytes: 1, sha256: '0'.repeat(64), created_by: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    generatedDocumentId = (await t.db.insertInto('generated_documents').values({ job_id: job.id, slot: '41 Insert', file_id: file.id, generated_by: 'test' }).returning('id').executeTakeFirstOrThrow()).id;
  }
  const orderFormId = scenario.subject === 'order-form' ? (await createOrderForm(t.db, { registration_id: registration.id })).id : 0;
  const lossId =
    scenario.subject === 'loss'
      ? (
          await t.db
            .insertInto('losses')
            .values({ job_id: job.id, line_key: 'row:1', kind: 'theft', name: 'Diazepam 5 mg tablets', quantity: 1, discovered_on: '2026-01-02', notice_due: '2026-01-05', form_106_due: '2026-02-16', created_by: 'test' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      : 0;
  return { registrationId: registration.id, jobId: job.id, otherJobId: otherJob.id, containerId: container.id, otherContainerId: otherContainer.id, lineItemId: item.id, generatedDocumentId, orderFormId, lossId };
}

const DIGEST_TABLES = ['settings', 'users', 'registrations', 'jobs', 'containers', 'line_items', 'job_files', 'files', 'notifications', 'order_forms', 'order_form_lines', 'declared_inventories', 'declared_items', 'discrepancy_resolutions', 'holidays', 'witness_confirmations', 'audit_log'];

/** One hash over every row of the tables a mutation could touch. */
async function digest(): Promise<string> {
  const parts = await Promise.all(
    DIGEST_TABLES.map(async (table) => {
      const { rows } = await sql<{ h: string | null }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${sql.table(table)} t`.execute(t.db);
      return `${table}:${rows[0]?.h ?? ''}`;
    }),
  );
  return parts.join(' ');
}

function expected(scenario: Scenario, level: Level, privileges: string[]): 'allowed' | 403 | 409 {
  if (!mayPerform(privileges, scenario.action)) return 403;
  if (lockRefusal(scenario.action, lockStateOf(scenario, level))) return 409;
  return 'allowed';
}

const ALL = scenarios();
const tally = { calls: 0, refused403: 0, refused409: 0, allowed: 0 };

describe('the permission table, route by route', () => {
  it('covers every mutating route the API registers', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path.slice(API.length).replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const generated = new Set(ALL.map((s) => s.route));
    const missing = registered.filter((route) => !generated.has(route) && !NOT_GENERATED.has(route));
    expect(missing, 'mutating routes with no scenario here').toEqual([]);
    for (const s of ALL) expect(registered, s.route).toContain(s.route);
    for (const action of Object.keys(ACTIONS) as Action[]) {
      if (action.startsWith('session.')) continue;
      const performed = actionRule(action).bulk ? ALL.some((s) => s.bulk) : ALL.some((s) => s.action === action);
      expect(performed, `no route performs ${action}`).toBe(true);
    }
  });

  for (const scenario of ALL) {
    it(`${scenario.route} (${scenario.action}${scenario.bulk ? ', bulk' : ''})`, async () => {
      for (const level of levelsOf(scenario.subject)) {
        const shared = await fixture(scenario, level);
        const before = await digest();
        for (const set of PRIVILEGE_SETS) {
          const want = expected(scenario, level, set.privileges);
          if (want === 'allowed') continue;
          const res = await t.injectAs(userOf(set), await scenario.request(shared, userOf(set)));
          tally.calls++;
          const where = `${scenario.route} ${scenario.bulk ? `${scenario.action} ` : ''}as ${set.name}, lock ${level}`;
          if (scenario.bulk && want === 409) {
            // The selection's one record is refused as its single action refuses it.
            expect(res.statusCode, `${where}: ${res.body}`).toBe(200);
            const code = lockRefusal(scenario.action, lockStateOf(scenario, level)) === 'final' ? 'FINAL' : 'LOCKED';
            expect(res.json(), where).toEqual({ done: 0, refused: [{ recordId: expect.stringMatching(/^\d+$/), code, message: expect.stringMatching(/\w{3}/) }] });
          } else {
            expect(res.statusCode, `${where}: ${res.body}`).toBe(want);
            expect(res.json().message, where).toMatch(/\w{3}/);
            if (want === 409 && lockRefusal(scenario.action, lockStateOf(scenario, level)) === 'final') expect(res.json().code, where).toBe('FINAL');
          }
          if (want === 403) tally.refused403++;
          else tally.refused409++;
        }
        // One digest after all the refusals: any change by any of them would show.
        expect(await digest(), `a refused ${scenario.route} (lock ${level}) changed something`).toBe(before);
        for (const set of PRIVILEGE_SETS) {
          if (expected(scenario, level, set.privileges) !== 'allowed') continue;
          // A route that changes its record needs a fresh one per allowed call; the others share.
          // (A Job Ready notification goes out once a minute per job: each call needs a job of its own too.)
          const own = scenario.subject === 'none' ? shared : await fixture(scenario, level);
          const res = await t.injectAs(userOf(set), await scenario.request(own, userOf(set)));
          tally.calls++;
          tally.allowed++;
          expect(res.statusCode, `${scenario.route} as ${set.name}, lock ${level}: ${res.body}`).toBeLessThan(300);
          if (scenario.bulk) expect(res.json(), `${scenario.route} ${scenario.action} as ${set.name}, lock ${level}`).toMatchObject({ done: 1, refused: [] });
        }
      }
    }, 300_000);
  }

  afterAll(() => {
    console.info(
      `permission matrix: ${ALL.length} routes × ${PRIVILEGE_SETS.length} privilege sets × lock states → ${tally.calls} calls: ` +
        `${tally.refused403} refused 403, ${tally.refused409} refused 409 (each with a message, nothing changed), ${tally.allowed} allowed`,
    );
  });
});
