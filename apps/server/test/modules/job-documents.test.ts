import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore, type FileStore } from '../../src/files/file-store.ts';
import { JobDocumentsService } from '../../src/modules/jobs/jobs.documents.service.ts';
import { createUser } from '../support/factories.ts';
import { multipartBody, TINY_PNG } from '../support/multipart.ts';
import { confirmDestructionWitnesses, createCompany, createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let root: string;
let duringPut: (() => Promise<void>) | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), '3ds-documents-'));
  const local = new LocalFileStore(root);
  const store: FileStore = {
    put: async (key, body, type) => {
      const stored = await local.put(key, body, type);
      await duringPut?.();
      return stored;
    },
    get: (key) => local.get(key),
    stat: (key) => local.stat(key),
    delete: (key) => local.delete(key),
    removeAbandonedWrites: () => local.removeAbandonedWrites(),
    list: (prefix) => local.list(prefix),
  };
  t = await buildTestApp({ fileStore: store });
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB'] });
  await createUser(t.db, { username: 'viewer' });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL', drug_code: '9143', ingredient_base_weight: 0.44816, strength: '5 MG', form: 'TABLET', trade_package: true },
      { ndc: '10019-0059-**', schedule: '2', trade_name: 'OXYCODONE HCL TABLETS (BULK)', drug_code: '9143', ingredient_base_weight: 0.0044816, bulk_dosage_formulation: true },
    ] as never)
    .execute();
});
afterAll(() => t.close());

const OUR_REGISTRATION = {
  registrant_name: 'Tristate Returns LLC',
  dea_number: 'RT1234563',
  address_line_1: '100 Industrial Pkwy',
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  telephone: '614-555-0100',
  contact_name: 'Dana Compliance',
};
const DESTRUCTION = {
  date_destroyed: '2026-11-20',
  disposal_method: 'Incineration',
  destruction_facility: 'Clean Harbors Deer Park',
  destruction_facility_address: '2027 Independence Pkwy S, La Porte, TX 77571',
  destruction_witness_1: 'Alex Witness',
  destruction_witness_2: 'Blair Witness',
};

const post = (user: string | null, url: string) =>
  user === null ? t.app.inject({ method: 'POST', url: `/3ds/api${url}` }) : t.injectAs(user, { method: 'POST', url: `/3ds/api${url}` });

/** A job with a standard and a Yellow Bucket container and three line items (two of one NDC and lot). */
async function jobWithItems(job: Record<string, unknown> = {}) {
  const company = await createCompany(t.db, { name: 'Riverside Pharmacy', address1: '9 Elm St', city: 'Dayton', state: 'OH', zip: '45402', report_type: '41\rCOD' });
  const registration = await createRegistration(t.db, { company_id: company.id, registration_number: 'BR7654321', address1: '12 Main St', city: 'Dayton', state: 'OH', zip: '45402' });
  const created = await createJob(t.db, { registration_id: registration.id, name: 'Riverside returns', ...DESTRUCTION, ...job });
  const standard = await createContainer(t.db, { job_id: created.id });
  const yellow = await createContainer(t.db, { job_id: created.id, kind: 'yellow_bucket', name: 'YB 1' });
  await createLineItem(t.db, { container_id: standard.id, lot_number: 'OX5-101', pack_quantity: 3 });
  await createLineItem(t.db, { container_id: standard.id, lot_number: 'OX5-101', pack_quantity: 1, percent_fill: 0.4 });
  await createLineItem(t.db, {
    container_id: yellow.id,
    ndc: '10019-0059-**',
    ndc_description: 'OXYCODONE HCL TABLETS (BULK)',
    strength: '5 MG',
    form: 'TABLET',
    lot_number: 'BD-OX-5',
    pack_quantity: 1,
    pack_size: 5000,
    pack_size_uom: 'K',
  });
  // The witnesses confirmed for themselves (rules/witnesses.ts).
  await confirmDestructionWitnesses(t.db, created.id);
  return created;
}
const lock = (id: number) => t.db.updateTable('jobs').set({ locked: true }).where('id', '=', id).execute();

async function download(link: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: link });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  const file = join(root, `download-${Date.now()}.pdf`);
  await writeFile(file, res.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const slotOf = (jobId: number, slot: string) => t.db.selectFrom('job_files').selectAll().where('job_id', '=', jobId).where('slot', '=', slot).executeTakeFirst();
const auditsOf = (jobId: number) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'job').where('record_id', '=', String(jobId)).where('action', '=', 'generate-document').orderBy('id').execute();
const fileRows = async () => (await t.db.selectFrom('files').select('id').execute()).length;
async function storedObjects(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && !e.name.startsWith('download-')).map((e) => join(e.parentPath, e.name));
}

describe('before our registration is entered', () => {
  it('refuses either document with 409 "Enter our registration in Settings first"', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    for (const url of [`/job/${job.id}/documents/form-41`, `/job/${job.id}/documents/certificate`, `/job/${job.id}/documents/form-41?draft=1`]) {
      const res = await post('clerk', url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe('Enter our registration in Settings first');
    }
    expect(await slotOf(job.id, '41 Insert')).toBeUndefined();
  });
});

describe('with our registration', () => {
  beforeAll(async () => {
    await t.db.updateTable('settings').set(OUR_REGISTRATION).where('id', '=', 1).execute();
  });

  it('refuses without a session (401), without CREATE_JOB (403), an unknown job (404) and bad input (400)', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    for (const kind of ['form-41', 'certificate']) {
      expect((await post(null, `/job/${job.id}/documents/${kind}`)).statusCode).toBe(401);
      const forbidden = await post('viewer', `/job/${job.id}/documents/${kind}`);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toMatch(/CREATE_JOB/);
      const unknown = await post('clerk', `/job/999999/documents/${kind}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('There is no job 999999.');
      expect((await post('clerk', `/job/abc/documents/${kind}`)).statusCode).toBe(400);
    }
    expect((await post('clerk', `/job/${job.id}/documents/form-41?draft=maybe`)).statusCode).toBe(400);
    expect(await auditsOf(job.id)).toEqual([]);
  });

  it('stores the final Form 41 of a locked job in its 41 Insert slot, with the audit row, and shows it on the job', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    const res = await post('clerk', `/job/${job.id}/documents/form-41`);
    expect(res.statusCode, res.body).toBe(200);
    const link: string = res.json().data[0].fieldData.Container;
    expect(link).toMatch(/^\/3ds\/api\/files\//);
    const text = await download(link);
    const lines = text.split('\n');
    // 3 full + one at 40 % of the same NDC and lot: one row, 340 tablets; the bulk item by its DEA code.
    expect(lines.some((l) => l.includes('00406-0552-01') && l.includes('OX5-101') && l.includes('340 tablets'))).toBe(true);
    // A bulk dosage formulation: the tablets destroyed, its grams of base beside them.
    expect(lines.some((l) => l.includes('9143') && l.includes('BD-OX-5') && l.includes('5,000 tablets'))).toBe(true);
    expect(text).toContain('(base 22.408 g)');
    for (const value of ['Tristate Returns LLC', 'RT1234563', '11/20/2026', 'Incineration', 'Clean Harbors Deer Park', 'Alex Witness', 'Blair Witness']) expect(text).toContain(value);
    expect(text).not.toContain('DRAFT');

    const slot = await slotOf(job.id, '41 Insert');
    expect(slot).toMatchObject({ created_by: 'clerk' });
    const file = await t.db.selectFrom('files').selectAll().where('id', '=', slot!.file_id).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ content_type: 'application/pdf', original_name: `job-${job.id}-form-41.pdf` });
    expect(file.storage_key.startsWith(`jobs/${job.id}/`)).toBe(true);
    const [audit] = await auditsOf(job.id);
    expect(audit).toMatchObject({ username: 'clerk', before: null, after: { document: 'DEA Form 41', draft: false, slot: '41 Insert', file_id: slot!.file_id, rows: 2, lineItems: 3 } });

    // The job's record links the file in its '41 Insert' field (the job view's files card shows it).
    const record = await t.injectAs('clerk', { method: 'GET', url: `/3ds/api/job/${job.id}` });
    expect(record.statusCode).toBe(200);
    expect(record.json().data[0].fieldData['41 Insert']).toContain(slot!.file_id);
    expect(record.json().data[0].fieldData['Certificate of Destruction']).toBe('');
  });

  it('links the job record’s documents for the session that asked: another session gets its own link, and a link dies with its session', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    const sessionA = await t.tokenFor('clerk');
    const sessionB = await t.tokenFor('clerk');
    const linkOf = async (token: string) => {
      // Twice per session: the second answer comes from the answer cache, shared by every reader.
      const answers = [];
      for (let k = 0; k < 2; k += 1) {
        const res = await t.app.inject({ method: 'GET', url: `/3ds/api/job/${job.id}`, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(200);
        answers.push(String(res.json().data[0].fieldData['41 Insert']));
      }
      return answers;
    };
    const [a1, a2] = await linkOf(sessionA);
    const [b1] = await linkOf(sessionB);
    for (const link of [a1!, a2!, b1!]) expect(link).toMatch(/^\/3ds\/api\/files\/[0-9a-f-]{36}\/job-\d+-form-41\.pdf\?exp=\d+&sid=[^&]+&sig=/);
    const sid = (link: string) => new URL(link, 'http://x').searchParams.get('sid');
    expect(sid(a1!)).toBe(sid(a2!));
    expect(sid(a1!)).not.toBe(sid(b1!));
    const get = (link: string) => t.app.inject({ method: 'GET', url: link });
    expect((await get(a1!)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/logout', headers: { authorization: `Bearer ${sessionA}` } })).statusCode).toBe(200);
    const ended = await get(a1!);
    expect(ended.statusCode).toBe(403);
    expect(ended.json().title).toBe('Link Expired');
    // The other session's link still works.
    expect((await get(b1!)).statusCode).toBe(200);
  });

  it('never turns a typed value into a link: a job name spelled like a shared file stays text', async () => {
    const job = await jobWithItems();
    const slot = await t.db.selectFrom('files').select('id').limit(1).executeTakeFirst();
    const spelled = `\\u0000file:${slot?.id ?? '00000000-0000-0000-0000-000000000000'}/x.pdf`;
    await t.db.updateTable('jobs').set({ name: spelled }).where('id', '=', job.id).execute();
    const res = await t.injectAs('clerk', { method: 'GET', url: `/3ds/api/job/${job.id}` });
    expect(res.json().data[0].fieldData['Job Name']).toBe(spelled);
  });

  it('generated again, points the slot at the new file and keeps the earlier one on record', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    const first = (await slotOf(job.id, '41 Insert'))!.file_id;
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    const second = (await slotOf(job.id, '41 Insert'))!.file_id;
    expect(second).not.toBe(first);
    expect(await t.db.selectFrom('files').select('id').where('id', '=', first).executeTakeFirst()).toBeDefined();
    const audits = await auditsOf(job.id);
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ before: { slot: '41 Insert', file_id: first }, after: { file_id: second } });
  });

  it('a generation after an unlock keeps the earlier one listed as superseded, and GET /job/{id}/documents lists both, newest first', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    const first = (await slotOf(job.id, '41 Insert'))!.file_id;
    await t.db.updateTable('jobs').set({ locked: false }).where('id', '=', job.id).execute();
    await lock(job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    expect((await post('clerk', `/job/${job.id}/documents/certificate`)).statusCode).toBe(200);
    const second = (await slotOf(job.id, '41 Insert'))!.file_id;
    const res = await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/job/${job.id}/documents` });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data.map((d: { fieldData: Record<string, unknown> }) => [d.fieldData.Document, d.fieldData['Generated By'], d.fieldData.Superseded]);
    expect(listed).toEqual([
      ['Certificate of Destruction', 'clerk', false],
      ['DEA Form 41', 'clerk', false],
      ['DEA Form 41', 'clerk', true],
    ]);
    const rows = await t.db.selectFrom('generated_documents').selectAll().where('job_id', '=', job.id).orderBy('id').execute();
    expect(rows.map((r) => [r.file_id, r.superseded_by])).toEqual([
      [first, rows[1]!.id],
      [second, null],
      [rows[2]!.file_id, null],
    ]);
    // The superseded file is still there to download.
    const oldLink = res.json().data[2].fieldData.Container as string;
    expect((await t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(200);
    expect((await t.injectAs('viewer', { method: 'GET', url: '/3ds/api/job/999999/documents' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/3ds/api/job/${job.id}/documents` })).statusCode).toBe(401);
  });

  it('says which current document is out of date: the records changed since it was generated (a late entry, a late reason), and a new generation brings it up to date', async () => {
    const job = await jobWithItems({ date_received: '2026-10-01' });
    await lock(job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    expect((await post('clerk', `/job/${job.id}/documents/certificate`)).statusCode).toBe(200);
    const state = async () =>
      (await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/job/${job.id}/documents` })).json().data.map((d: { fieldData: Record<string, unknown> }) => [d.fieldData.Document, d.fieldData.Superseded, d.fieldData['Out Of Date']]);
    expect(await state()).toEqual([
      ['Certificate of Destruction', false, false],
      ['DEA Form 41', false, false],
    ]);
    // A late entry: one more bottle in the job's container (an unlocked final job takes it).
    const container = await t.db.selectFrom('containers').select('id').where('job_id', '=', job.id).where('kind', '=', 'standard').executeTakeFirstOrThrow();
    await createLineItem(t.db, { container_id: container.id, lot_number: 'OX5-777', pack_quantity: 2 });
    expect(await state()).toEqual([
      ['Certificate of Destruction', false, true],
      ['DEA Form 41', false, true],
    ]);
    // What the destruction witnesses attested changed: the form waits for them to confirm again.
    const refused = await post('clerk', `/job/${job.id}/documents/form-41`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual(['Destruction Witness 1', 'Destruction Witness 2']);
    await confirmDestructionWitnesses(t.db, job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    expect(await state()).toEqual([
      ['DEA Form 41', false, false],
      ['Certificate of Destruction', false, true],
      ['DEA Form 41', true, false],
    ]);
    // The reason for a late destruction is printed: recording one makes both out of date.
    await t.db.updateTable('jobs').set({ late_destruction_reason: 'Incinerator down for repairs' }).where('id', '=', job.id).execute();
    expect((await state()).filter((row: unknown[]) => row[1] === false)).toEqual([
      ['DEA Form 41', false, true],
      ['Certificate of Destruction', false, true],
    ]);
    const link = (await t.injectAs('clerk', { method: 'POST', url: `/3ds/api/job/${job.id}/documents/certificate` })).json().data[0].fieldData.Container as string;
    const text = await download(link);
    expect(text).toContain('10/01/2026');
    expect(text).toContain('Incinerator down for repairs');
  });

  it('keeps a signed copy beside the version it signs: listed under it, kept, its link for the session that asked', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    const listed = async () => (await t.injectAs('clerk', { method: 'GET', url: `/3ds/api/job/${job.id}/documents` })).json().data;
    const [form41] = await listed();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const attach = (user: string | null, url: string, bytes = pdf) =>
      user === null
        ? t.app.inject({ method: 'POST', url: `/3ds/api${url}`, ...multipartBody([{ name: 'signed.pdf', bytes }]) })
        : t.injectAs(user, { method: 'POST', url: `/3ds/api${url}`, ...multipartBody([{ name: 'signed.pdf', bytes }]) });
    const url = `/job/${job.id}/documents/${form41.recordId}/signed-copy`;
    expect((await attach(null, url)).statusCode).toBe(401);
    expect((await attach('viewer', url)).statusCode).toBe(403);
    expect((await attach('clerk', `/job/${job.id}/documents/999999/signed-copy`)).statusCode).toBe(404);
    const other = await jobWithItems();
    const wrongJob = await attach('clerk', `/job/${other.id}/documents/${form41.recordId}/signed-copy`);
    expect(wrongJob.statusCode).toBe(404);
    expect(wrongJob.json().message).toBe(`Job ${other.id} has no generated document ${form41.recordId}.`);
    const notAScan = await attach('clerk', url, Buffer.from('just some words, no document'));
    expect(notAScan.statusCode).toBe(415);
    expect(notAScan.json().message).toMatch(/A signed copy is a PDF or an image/);
    expect((await listed())[0].fieldData['Signed Copies']).toEqual([]);

    // The job is locked: a signed copy is still taken (it is what comes back after the destruction).
    const res = await attach('clerk', url);
    expect(res.statusCode, res.body).toBe(200);
    const [copy] = res.json().data[0].fieldData['Signed Copies'];
    expect(copy).toMatchObject({ 'File Name': `job-${job.id}-form-41-${form41.recordId}-signed.pdf`, 'Uploaded By': 'clerk' });
    const fetched = await t.app.inject({ method: 'GET', url: copy.Container });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The generated slot still holds the generated document, untouched.
    expect((await slotOf(job.id, '41 Insert'))!.file_id).not.toBe(copy.Container);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('record_id', '=', String(job.id)).where('action', '=', 'attach-signed-copy').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ username: 'clerk', entity: 'job', after: { document: 'DEA Form 41', generated_document_id: Number(form41.recordId) } });
    // Kept: never changed or removed, nor its file.
    const row = await t.db.selectFrom('signed_copies').selectAll().where('generated_document_id', '=', Number(form41.recordId)).executeTakeFirstOrThrow();
    await expect(t.db.deleteFrom('signed_copies').where('id', '=', row.id).execute()).rejects.toThrow(/kept record/);
    await expect(t.db.deleteFrom('files').where('id', '=', row.file_id).execute()).rejects.toThrow(/held by a kept record/);
  });

  it('refuses an upload to the 41 Insert or Certificate of Destruction slot, ever (422): before anything is generated, and after, even unlocked', async () => {
    const job = await jobWithItems();
    const upload = (slot: string) =>
      t.injectAs('clerk', { method: 'POST', url: `/3ds/api/job/${job.id}/upload?field=${encodeURIComponent(slot)}`, ...multipartBody([{ name: 'scan.png', bytes: TINY_PNG }]) });
    // Before anything is generated: a hand-made file never stands in for the generated document.
    for (const slot of ['41 Insert', 'Certificate of Destruction']) {
      const res = await upload(slot);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(
        `The ${slot} of job ${job.id} holds the ${slot === '41 Insert' ? 'DEA Form 41' : slot} 3DS generates from the job's records; it takes no upload. Generate it on the locked job (again, to record a newer version), and attach its signed copy beside it under Generated documents, any other file under Supporting Files.`,
      );
    }
    expect(await slotOf(job.id, '41 Insert')).toBeUndefined();
    await lock(job.id);
    expect((await post('clerk', `/job/${job.id}/documents/form-41`)).statusCode).toBe(200);
    expect((await post('clerk', `/job/${job.id}/documents/certificate`)).statusCode).toBe(200);
    const generated = (await slotOf(job.id, '41 Insert'))!.file_id;
    const certificate = (await slotOf(job.id, 'Certificate of Destruction'))!.file_id;
    await t.db.updateTable('jobs').set({ locked: false }).where('id', '=', job.id).execute();
    for (const slot of ['41 Insert', 'Certificate of Destruction']) {
      const res = await upload(slot);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain('it takes no upload');
    }
    expect((await slotOf(job.id, '41 Insert'))!.file_id).toBe(generated);
    expect((await slotOf(job.id, 'Certificate of Destruction'))!.file_id).toBe(certificate);
    // Other document slots still take files.
    expect((await upload('Supporting Files')).statusCode).toBe(200);
  });

  it('lists controlled substances only: NC and List I items stay off the form and its totals, and a job of none is refused (409)', async () => {
    await t.db
      .insertInto('ndc_dictionary')
      .values([
        { ndc: '50580-0488-10', schedule: 'NC', trade_name: 'ACETAMINOPHEN', trade_package: true },
        { ndc: '00000-1111-01', schedule: 'LC', trade_name: 'PSEUDOEPHEDRINE HCL', trade_package: true },
      ] as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
    const job = await jobWithItems();
    const box = await createContainer(t.db, { job_id: job.id, name: 'Box NC' });
    await createLineItem(t.db, { container_id: box.id, ndc: '50580-0488-10', ndc_schedule: 'NC', ndc_description: 'ACETAMINOPHEN', lot_number: 'APAP-1' });
    await createLineItem(t.db, { container_id: box.id, ndc: '00000-1111-01', ndc_schedule: 'LC', ndc_description: 'PSEUDOEPHEDRINE HCL', lot_number: 'PSE-1' });
    await confirmDestructionWitnesses(t.db, job.id);
    await lock(job.id);
    const res = await post('clerk', `/job/${job.id}/documents/form-41`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await download(res.json().data[0].fieldData.Container);
    expect(text).not.toContain('ACETAMINOPHEN');
    expect(text).not.toContain('PSEUDOEPHEDRINE');
    expect(text).not.toMatch(/Schedule (NC|LC)/);
    expect(text).toContain('2 line items of this job are not listed');
    expect(text).toContain('2. Collected Substances');

    const onlyNc = await createJob(t.db, { registration_id: job.registration_id, name: 'NC only', ...DESTRUCTION });
    const ncBox = await createContainer(t.db, { job_id: onlyNc.id });
    await createLineItem(t.db, { container_id: ncBox.id, ndc: '50580-0488-10', ndc_schedule: 'NC', ndc_description: 'ACETAMINOPHEN' });
    await lock(onlyNc.id);
    const refused = await post('clerk', `/job/${onlyNc.id}/documents/certificate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('holds no controlled substances');
  });

  it('refuses the final Form 41 and the certificate of an unlocked job (409) and offers the draft, marked DRAFT and not stored', async () => {
    const job = await jobWithItems({ date_destroyed: null, destruction_witness_2: null });
    for (const kind of ['form-41', 'certificate']) {
      const res = await post('clerk', `/job/${job.id}/documents/${kind}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(new RegExp(`Job ${job.id} is not locked`));
    }
    const draft = await post('clerk', `/job/${job.id}/documents/form-41?draft=1`);
    expect(draft.statusCode, draft.body).toBe(200);
    const text = await download(draft.json().data[0].fieldData.Container);
    expect(text).toContain('DRAFT');
    expect(text).toContain('00406-0552-01');
    expect(await slotOf(job.id, '41 Insert')).toBeUndefined();
    const [audit] = await auditsOf(job.id);
    expect(audit).toMatchObject({ after: { draft: true } });
    const file = await t.db.selectFrom('files').selectAll().where('id', '=', (audit!.after as { file_id: string }).file_id).executeTakeFirstOrThrow();
    // A draft is a download: kept under exports/, which the hourly clean-up removes.
    expect(file.storage_key.startsWith('exports/')).toBe(true);
  });

  it('refuses a locked job without line items (409)', async () => {
    const job = await createJob(t.db, { ...DESTRUCTION, locked: true });
    for (const url of [`/job/${job.id}/documents/form-41`, `/job/${job.id}/documents/certificate`, `/job/${job.id}/documents/form-41?draft=1`]) {
      const res = await post('clerk', url);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/has no line items/);
    }
  });

  it('refuses a final document of a job missing its destruction record, listing what is missing (409); the draft shows blanks', async () => {
    const job = await jobWithItems({ date_destroyed: null, disposal_method: ' ', destruction_witness_2: null });
    await lock(job.id);
    for (const kind of ['form-41', 'certificate']) {
      const res = await post('clerk', `/job/${job.id}/documents/${kind}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual(['Date Destroyed', 'Disposal Method', 'Destruction Witness 2']);
      expect(res.json().message).toContain('Date Destroyed, Disposal Method, Destruction Witness 2');
    }
    expect((await post('clerk', `/job/${job.id}/documents/form-41?draft=1`)).statusCode).toBe(200);
    expect(await slotOf(job.id, '41 Insert')).toBeUndefined();
  });

  it('refuses a final document while a destruction witness has not confirmed, or their confirmation is void, saying how they confirm (409)', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    // A name typed before witnesses confirmed for themselves: no confirmation.
    await t.db.updateTable('witness_confirmations').set({ voided_at: new Date(), void_reason: 'Withdrawn by clerk: test', voided_by: 'clerk' }).where('job_id', '=', job.id).where('role', '=', 'destruction-1').execute();
    // A confirmation whose destruction changed since (written past the service, as a migration or a script would).
    await t.db.updateTable('jobs').set({ destruction_facility: 'Another Facility' }).where('id', '=', job.id).execute();
    for (const kind of ['form-41', 'certificate']) {
      const res = await post('clerk', `/job/${job.id}/documents/${kind}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual(['Destruction Witness 1', 'Destruction Witness 2']);
      expect(res.json().message).toContain('Each destruction witness confirms with their own password under Witnesses on the Destruction Record');
    }
    // The draft prints the names without a confirmation line.
    const draft = await download((await post('clerk', `/job/${job.id}/documents/form-41?draft=1`)).json().data[0].fieldData.Container);
    expect(draft).toContain('Alex Witness');
    expect(draft).not.toContain('Confirmed in 3DS');
  });

  it('prints each witness\'s confirmation — who, when, from where — on the Form 41 and the certificate', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    for (const kind of ['form-41', 'certificate']) {
      const res = await post('clerk', `/job/${job.id}/documents/${kind}`);
      expect(res.statusCode, res.body).toBe(200);
      const text = (await download(res.json().data[0].fieldData.Container)).replace(/\s+/g, ' ');
      expect(text).toMatch(/Confirmed in 3DS by witness-alex-witness on \d\d\/\d\d\/\d{4} at \d\d:\d\d \([A-Za-z_/]+\) from 192\.0\.2\.7/);
      expect(text).toContain('Confirmed in 3DS by witness-blair-witness');
    }
  });

  it('refuses a final document when a line item quantity cannot be worked out (409)', async () => {
    const job = await jobWithItems();
    const container = await createContainer(t.db, { job_id: job.id, name: 'Box 2' });
    await createLineItem(t.db, { container_id: container.id, lot_number: 'NOQTY', pack_quantity: null });
    await confirmDestructionWitnesses(t.db, job.id);
    await lock(job.id);
    const res = await post('clerk', `/job/${job.id}/documents/form-41`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INCOMPLETE', incomplete: [{ ndc: '00406-0552-01', lot: 'NOQTY', containerName: 'Box 2' }] });
    expect(res.json().details[0]).toMatch(/^Line item \d+ \(NDC 00406-0552-01, lot NOQTY, container Box 2\): Pack Qty is empty/);
  });

  it('stores the Certificate of Destruction in its own slot, naming the client', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    const res = await post('clerk', `/job/${job.id}/documents/certificate`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await download(res.json().data[0].fieldData.Container);
    for (const value of ['CERTIFICATE OF DESTRUCTION', 'Riverside Pharmacy', 'BR7654321', '12 Main St', 'Tristate Returns LLC', 'RT1234563', '340 tablets', '22.408 g', 'Authorized signature']) expect(text).toContain(value);
    const slot = await slotOf(job.id, 'Certificate of Destruction');
    expect(slot).toBeDefined();
    expect(await slotOf(job.id, '41 Insert')).toBeUndefined();
    expect((await auditsOf(job.id))[0]).toMatchObject({ after: { document: 'Certificate of Destruction', slot: 'Certificate of Destruction', file_id: slot!.file_id } });
  });

  it('leaves nothing behind when the job is unlocked while the document is stored (409)', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    const before = { rows: await fileRows(), objects: await storedObjects() };
    duringPut = async () => {
      await t.db.updateTable('jobs').set({ locked: false }).where('id', '=', job.id).execute();
    };
    const res = await post('clerk', `/job/${job.id}/documents/form-41`);
    duringPut = undefined;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/unlocked or changed/);
    expect(await fileRows()).toBe(before.rows);
    expect(await storedObjects()).toEqual(before.objects);
    expect(await slotOf(job.id, '41 Insert')).toBeUndefined();
    expect(await auditsOf(job.id)).toEqual([]);
  });

  it('leaves nothing behind when the PDF writer fails', async () => {
    const job = await jobWithItems();
    await lock(job.id);
    const failing = async () => {
      throw new Error('PDF writer failed');
    };
    const documents = new JobDocumentsService({ db: t.db, store: t.fileStore, linkSecret: 'x'.repeat(40), now: () => new Date(), renderForm41: failing, renderCertificate: failing });
    const user = { username: 'clerk', privileges: ['CREATE_JOB'], parentOrganization: null } as never;
    const before = { rows: await fileRows(), objects: await storedObjects() };
    await expect(documents.form41(job.id, { draft: false }, user, 'req-1')).rejects.toThrow('PDF writer failed');
    await expect(documents.form41(job.id, { draft: true }, user, 'req-2')).rejects.toThrow('PDF writer failed');
    await expect(documents.certificate(job.id, user, 'req-3')).rejects.toThrow('PDF writer failed');
    expect(await fileRows()).toBe(before.rows);
    expect(await storedObjects()).toEqual(before.objects);
    expect(await t.db.selectFrom('job_files').select('id').where('job_id', '=', job.id).execute()).toEqual([]);
    expect(await auditsOf(job.id)).toEqual([]);
  });
});
