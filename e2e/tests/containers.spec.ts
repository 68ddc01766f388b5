import type { APIRequestContext, Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';
import { api, apiToken, type Json } from '../support/api.ts';

/**
 * The container and Yellow Bucket container screens (spec 2 §2 "Container detail", "Container
 * edit", "Yellow Bucket container detail"). Every test makes its own job and containers through
 * the API, so it depends neither on the demo data's counts nor on the other tests.
 */

const LOCK_CONFIRM = 'Are you sure you want to lock this container and its related line items?';
const UNLOCK_CONFIRM = 'Are you sure you want to unlock this container and its related line items?';
const DELETE_CONFIRM = 'Are you sure you want to delete this container and its related line items?';

interface Kind {
  name: string;
  /** The API's singular (`container/new`) and the app's path segment (`/container/12`). */
  singular: 'container' | 'yb-container';
  heading: string;
  lineItemApi: 'line-item' | 'yb-line-item';
  lineItemPath: 'line-item' | 'yb-line-item';
  summary: string;
}

const KINDS: Kind[] = [
  { name: 'standard', singular: 'container', heading: 'Container', lineItemApi: 'line-item', lineItemPath: 'line-item', summary: 'Summary' },
  {
    name: 'Yellow Bucket',
    singular: 'yb-container',
    heading: 'Yellow Bucket Container',
    lineItemApi: 'yb-line-item',
    lineItemPath: 'yb-line-item',
    summary: 'Info',
  },
];

interface Setup {
  token: string;
  registration: { id: string; number: string };
  ndc: string;
}

/** A current DEA registration that supports schedule 4, and a schedule 4 NDC to fill containers with. */
async function setup(request: APIRequestContext): Promise<Setup> {
  const token = await apiToken(request);
  const registrations = await api(request, token, 'get', 'registrations', undefined, {
    searchCriteria: JSON.stringify([{ omit: false, criteria: { 'Expiration Date': '>//', 'Federal Agency': 'Drug Enforcement', 'Schedule 4': 'Yes' } }]),
    limit: '1',
  });
  const registration = (registrations.data as { recordId: string; fieldData: Json }[])[0]!;
  const entries = await api(request, token, 'get', 'dictionaries', undefined, {
    searchCriteria: JSON.stringify([{ omit: false, criteria: { 'Trade Name Final LU': 'zolpidem', 'CSA Schedule LU': '==4', 'NDC Code LU': '*' } }]),
    limit: '1',
  });
  const entry = (entries.data as { fieldData: Json }[])[0]!;
  return {
    token,
    registration: { id: registration.recordId, number: String(registration.fieldData['Registration Number']) },
    ndc: String(entry.fieldData['NDC Code LU']),
  };
}

let sequence = 0;

async function createJob(request: APIRequestContext, s: Setup): Promise<string> {
  sequence += 1;
  const created = await api(request, s.token, 'post', 'job', {
    fieldData: { _fkRegistration_Record_Number: Number(s.registration.id), 'Job Name': `E2E containers ${Date.now()}-${sequence}` },
  });
  return String(created.recordId);
}

async function createContainer(request: APIRequestContext, s: Setup, kind: Kind, jobId: string, fields: Json = {}): Promise<string> {
  sequence += 1;
  const created = await api(request, s.token, 'post', `${kind.singular}/new`, {
    jobId: Number(jobId),
    containerName: `E2E-${kind.singular}-${sequence}`,
    pallet: 'PLT-E2E',
    packageWeight: 1.5,
    netWeight: 10,
    grossUoM: 'kg',
    ...fields,
  });
  return String(created.recordId);
}

async function addLineItems(request: APIRequestContext, s: Setup, kind: Kind, containerId: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    await api(request, s.token, 'post', `${kind.lineItemApi}/new`, {
      containerId: Number(containerId),
      ndc: s.ndc,
      packQuantity: 1,
      percentFill: 1,
    });
  }
}

/** A fresh job with one container of the kind. */
async function freshContainer(request: APIRequestContext, kind: Kind, lineItems = 0) {
  const s = await setup(request);
  const jobId = await createJob(request, s);
  const id = await createContainer(request, s, kind, jobId);
  await addLineItems(request, s, kind, id, lineItems);
  return { s, jobId, id };
}

async function openContainer(page: Page, kind: Kind, id: string, username = 'admin') {
  await login(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`${kind.singular}/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${kind.heading} ${id}` })).toBeVisible();
  // The record has arrived once its summary is there.
  await expect(page.getByRole('region', { name: kind.summary })).toBeVisible();
}

const lineItems = (page: Page) => page.getByRole('region', { name: 'Line Items' });
const showing = (page: Page) => lineItems(page).getByText(/^Showing \d+ to \d+ of \d+ entries$/);
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

for (const kind of KINDS) {
  test.describe(`${kind.name} container screens`, () => {
    // Each test first makes its job, containers and line items through the API.
    test.describe.configure({ timeout: 60_000 });

    test('the view shows the heading, the summary and the line items with a pager', async ({ page, request }) => {
      const { s, jobId, id } = await freshContainer(request, kind, 11);
      await openContainer(page, kind, id);

      await expect(page.getByText(`E2E-${kind.singular}-`, { exact: false }).first()).toBeVisible();
      const summary = page.getByRole('region', { name: kind.summary });
      for (const label of ['Company ID', 'Company Name', 'Activity', 'Registration', 'Job ID', 'Job Name']) {
        await expect(summary.getByText(label, { exact: true })).toBeVisible();
      }
      await expect(summary.getByText(s.registration.number)).toBeVisible();
      await expect(summary.getByRole('link', { name: `Job ${jobId}` })).toHaveAttribute('href', `/3ds/job/${jobId}`);
      const weights = page.getByRole('region', { name: 'Weights' });
      await expect(weights.getByText('11.5 kg')).toBeVisible(); // gross = net 10 + package 1.5
      await expect(weights.getByText('PLT-E2E')).toBeVisible();

      const table = lineItems(page).getByRole('table');
      const columns = kind.singular === 'container' ? ['NDC', 'Schedule', 'Description', 'ID'] : ['NDC', 'CSS', 'Description', 'Form 222#', 'ID'];
      for (const column of columns) await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      await expect(table.getByRole('link', { name: /^View line item \d+$/ })).toHaveCount(10);
      await expect(table.getByText(s.ndc).first()).toBeVisible();
      const firstLink = table.getByRole('link', { name: /^View line item \d+$/ }).first();
      expect(await firstLink.getAttribute('href')).toMatch(new RegExp(`^/3ds/${kind.lineItemPath}/\\d+$`));

      await expect(showing(page)).toHaveText('Showing 1 to 10 of 11 entries');
      await lineItems(page).getByRole('button', { name: 'Next page' }).click();
      await expect(showing(page)).toHaveText('Showing 11 to 11 of 11 entries');
      await expect(table.getByRole('link', { name: /^View line item \d+$/ })).toHaveCount(1);
      await lineItems(page).getByLabel('Page size').selectOption('25');
      await expect(showing(page)).toHaveText('Showing 1 to 11 of 11 entries');
      await expect(table.getByRole('link', { name: /^View line item \d+$/ })).toHaveCount(11);
    });

    test('Edit: a changed pallet is saved and shown; saving without a change says "Invalid Form"', async ({ page, request }) => {
      const { id } = await freshContainer(request, kind);
      await openContainer(page, kind, id);
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/3ds/${kind.singular}/${id}/edit$`));
      await expect(page.getByRole('heading', { level: 1, name: `Edit ${kind.heading} ${id}` })).toBeVisible();

      // Nothing changed: a warning, and nothing is sent.
      let sent = false;
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes(`/api/${kind.singular}/edit/`)) sent = true;
      });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(alertWith(page, 'Invalid Form')).toBeVisible();
      await expect(alertWith(page, 'Invalid Form')).toHaveAttribute('data-alert-type', 'WARNING');
      expect(sent).toBe(false);

      // Gross weight follows net + package as they are typed.
      await page.getByLabel('Net Weight').fill('12');
      await expect(page.getByLabel('Gross Weight')).toHaveValue('13.5 kg');
      await page.getByLabel('Net Weight').fill('10');

      await page.getByLabel('Pallet').fill('PLT-CHANGED');
      const saving = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/api/${kind.singular}/edit/${id}`));
      await page.getByRole('button', { name: 'Save' }).click();
      const body = (await saving).postDataJSON() as Json;
      expect(body).toMatchObject({ pallet: 'PLT-CHANGED', id: Number(id) });
      expect(Object.keys(body).sort()).toEqual(['id', 'modId', 'pallet']);
      await expect(page).toHaveURL(new RegExp(`/3ds/${kind.singular}/${id}$`));
      await expect(page.getByRole('region', { name: 'Weights' }).getByText('PLT-CHANGED')).toBeVisible();

      // Cancel goes back to the view.
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(new RegExp(`/3ds/${kind.singular}/${id}$`));
    });

    test('entering the edit screen directly redirects to the view', async ({ page, request }) => {
      const { id } = await freshContainer(request, kind);
      await login(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      await page.goto(`${kind.singular}/${id}/edit`);
      await expect(page).toHaveURL(new RegExp(`/3ds/${kind.singular}/${id}$`));
      await expect(page.getByRole('heading', { level: 1, name: `${kind.heading} ${id}` })).toBeVisible();
    });

    test('lock asks first, then the icon changes and the actions hide; unlock brings them back', async ({ page, request }) => {
      const { id } = await freshContainer(request, kind, 1);
      await openContainer(page, kind, id);
      const actions = ['Move Container', 'Delete Container', 'Add Line Item'];
      for (const name of actions) await expect(page.getByRole('button', { name })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Lock container' }).click();
      const confirm = page.getByRole('dialog', { name: 'Lock Container' });
      await expect(confirm.getByText(LOCK_CONFIRM)).toBeVisible();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('button', { name: 'Unlock container' })).toBeVisible();
      for (const name of actions) await expect(page.getByRole('button', { name })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
      // Its line items were locked with it.
      await expect(lineItems(page).getByRole('table').getByRole('img', { name: 'Locked' })).toHaveCount(1);

      await page.getByRole('button', { name: 'Unlock container' }).click();
      const unlock = page.getByRole('dialog', { name: 'Unlock Container' });
      await expect(unlock.getByText(UNLOCK_CONFIRM)).toBeVisible();
      await unlock.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('button', { name: 'Lock container' })).toBeVisible();
      for (const name of actions) await expect(page.getByRole('button', { name })).toBeVisible();
      await expect(lineItems(page).getByRole('table').getByRole('img', { name: 'Locked' })).toHaveCount(0);
    });

    test('Move Container: Move stays disabled until a job is picked, then the container moves', async ({ page, request }) => {
      const { s, jobId, id } = await freshContainer(request, kind);
      const target = await createJob(request, s);
      await openContainer(page, kind, id);
      await expect(page.getByRole('link', { name: `Job ${jobId}` })).toBeVisible();

      await page.getByRole('button', { name: 'Move Container' }).click();
      const dialog = page.getByRole('dialog', { name: 'Select A Destination Job' });
      await expect(dialog).toBeVisible();
      const move = dialog.getByRole('button', { name: 'Move', exact: true });
      await expect(move).toBeDisabled();
      await dialog.getByRole('combobox', { name: 'Destination Job' }).fill(target);
      await page.getByRole('option', { name: new RegExp(`^${target} — `) }).click();
      await expect(move).toBeEnabled();
      await move.click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('link', { name: `Job ${target}` })).toBeVisible();
      await expect(page.getByRole('link', { name: `Job ${jobId}` })).toHaveCount(0);
    });

    test('a container of a destroyed job cannot be moved: the person is told why, and how a mistake is corrected instead', async ({ page, request }) => {
      const { s, jobId, id } = await freshContainer(request, kind, 1);
      await createJob(request, s); // a job it could otherwise move to
      // Received ten days ago, destroyed yesterday: the job is final, though nobody locked it.
      const day = (offset: number) => {
        const d = new Date();
        d.setDate(d.getDate() + offset);
        return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
      };
      await api(request, s.token, 'patch', `job/${jobId}/destruction-record`, { fieldData: { 'Date Received': day(-10), 'Date Destroyed': day(-1) } });
      await openContainer(page, kind, id);

      // The screen says so before anything is tried: why, and what to do instead; no Edit, Move or Delete.
      const final = page.getByRole('alert').filter({ hasText: `Job ${jobId} is final: its destruction on ${day(-1)} is on record, so its containers cannot be changed, moved or deleted.` });
      await expect(final).toBeVisible();
      await expect(final).toContainText('a mistake in it is put right by a correction on the record');
      for (const name of ['Move Container', 'Delete Container']) await expect(page.getByRole('button', { name })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
      // A late entry is still possible: the job is not locked.
      await expect(page.getByRole('button', { name: 'Add Line Item' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`final-container-${kind.name}.png`), fullPage: true });

      // The server refuses the move all the same (a screen opened before the destruction was recorded).
      const refused = await request.put(`/3ds/api/${kind.singular}/move`, {
        headers: { authorization: `Bearer ${s.token}` },
        data: { jobId: Number(await createJob(request, s)), containerId: Number(id) },
      });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).message).toContain(`Job ${jobId} is final`);

      // Its line item says so before anything is tried: no Edit, Move or Delete, and why.
      await lineItems(page).getByRole('link', { name: /^View line item \d+$/ }).first().click();
      const note = page.getByRole('alert').filter({ hasText: `Job ${jobId} is final: its destruction on ${day(-1)} is on record, so its line items cannot be changed, moved or deleted.` });
      await expect(note).toBeVisible();
      for (const name of ['Edit', 'Move Line Item', 'Delete Line Item']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`final-line-item-${kind.name}.png`), fullPage: true });
    });

    test('Add Line Item: search by text, OK waits for a choice, then the new line item opens', async ({ page, request }) => {
      const { id } = await freshContainer(request, kind);
      await openContainer(page, kind, id);
      await page.getByRole('button', { name: 'Add Line Item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Select an NDC Number' });
      await expect(dialog).toBeVisible();
      const ok = dialog.getByRole('button', { name: 'OK' });
      await expect(ok).toBeDisabled();
      // 100 NDCs at a time; the next 100 when the list is scrolled to its end.
      const combobox = dialog.getByRole('combobox', { name: 'NDC Number' });
      await combobox.click();
      const listbox = page.getByRole('listbox');
      await expect(listbox.getByRole('option')).toHaveCount(100);
      await listbox.getByRole('option').last().scrollIntoViewIfNeeded();
      await expect(listbox.getByRole('option')).toHaveCount(200);
      await combobox.fill('zolpidem');
      const option = page.getByRole('option', { name: /ZOLPIDEM.*\(Sch 4\)/ }).first();
      await expect(option).toBeVisible();
      await option.click();
      await expect(ok).toBeEnabled();
      await ok.click();
      await expect(page).toHaveURL(new RegExp(`/3ds/${kind.lineItemPath}/\\d+$`));
    });

    test('Add Line Item on a job on a State licence: a controlled NDC is refused, naming the licence, and nothing is added', async ({ page, request }) => {
      const s = await setup(request);
      const licences = await api(request, s.token, 'get', 'registrations', undefined, {
        searchCriteria: JSON.stringify([{ criteria: { 'Expiration Date': '>//', 'Federal/State License': '==State' } }]),
        limit: '1',
      });
      const licence = (licences.data as { recordId: string; fieldData: Json }[])[0]!;
      const number = String(licence.fieldData['Registration Number']);
      const job = await api(request, s.token, 'post', 'job', {
        fieldData: { _fkRegistration_Record_Number: Number(licence.recordId), 'Job Name': `E2E state licence ${Date.now()}` },
      });
      const id = await createContainer(request, s, kind, String(job.recordId));
      await openContainer(page, kind, id);
      await page.getByRole('button', { name: 'Add Line Item' }).click();
      const select = page.getByRole('dialog', { name: 'Select an NDC Number' });
      await select.getByRole('combobox', { name: 'NDC Number' }).fill(s.ndc);
      await page.getByRole('option', { name: new RegExp(`^${s.ndc} — `) }).click();
      await select.getByRole('button', { name: 'OK' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: `Registration ${number} is a State licence, not a DEA registration` });
      await expect(refusal).toBeVisible();
      await expect(refusal).toContainText("Put it in a job on the client's DEA registration.");
      await page.screenshot({ path: test.info().outputPath(`state-licence-refused-${kind.name}.png`), fullPage: true });
      await expect(page).toHaveURL(new RegExp(`/3ds/${kind.singular}/${id}$`));
      const contents = await api(request, s.token, 'get', `${kind.singular}/${id}`);
      expect(JSON.stringify(contents)).not.toContain(s.ndc);
    });

    test('Delete Container asks first, then goes back to the job', async ({ page, request }) => {
      const { s, jobId, id } = await freshContainer(request, kind, 2);
      await openContainer(page, kind, id);
      // The record's reads after its delete was sent. Before it, the screen may read it again for any
      // live change (this journey's own set-up, or another journey's records).
      const record = new RegExp(`/api/(${kind.singular}|${kind.singular}s)/${id}$`);
      let deleteSent = false;
      const askedAgain: string[] = [];
      page.on('request', (r) => {
        if (!record.test(new URL(r.url()).pathname)) return;
        if (r.method() === 'DELETE') deleteSent = true;
        else if (r.method() === 'GET' && deleteSent) askedAgain.push(r.url());
      });
      await page.getByRole('button', { name: 'Delete Container' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Container' });
      await expect(confirm.getByText(DELETE_CONFIRM)).toBeVisible();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(new RegExp(`/3ds/job/${jobId}$`));
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Job ${jobId}`) })).toBeVisible();
      await expect(alertWith(page, `${kind.heading} ${id} and its line items were deleted.`)).toBeVisible();
      // The deleted record is not asked for again (which would raise a "not found" error), not even
      // when the delete's live change reaches this screen and the job is read again. Changes arrive in
      // the order they were made: once this screen shows a rename of the job made after the delete,
      // it has taken the delete's change too, and asked for whatever that made it ask for.
      const job = await api(request, s.token, 'get', `job/${jobId}`);
      const renamed = `E2E renamed after the delete ${Date.now()}`;
      await api(request, s.token, 'patch', `job/${jobId}`, { fieldData: { 'Job Name': renamed }, modId: (job.data as { modId: string }[])[0]!.modId });
      await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();
      expect(askedAgain).toEqual([]);
      await expect(page.getByRole('alert').filter({ hasText: /not found|There is no/i })).toHaveCount(0);
      const token = await apiToken(request);
      const gone = await request.get(`api/${kind.singular}/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(gone.status()).toBe(404);
    });

    test("Export to Excel exports this container's line items to the download dialog", async ({ page, request }) => {
      const { id } = await freshContainer(request, kind, 2);
      await openContainer(page, kind, id);
      const exporting = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/(yb-)?containers\/export$/.test(r.url()));
      await lineItems(page).getByRole('button', { name: 'Export to Excel' }).click();
      const body = (await exporting).postDataJSON() as Json;
      const idField = kind.singular === 'container' ? 'Container_PK_ID' : 'Container ID';
      expect(body).toMatchObject({ fileType: 'xlsx', searchCriteria: [{ criteria: { [idField]: `==${id}` } }] });
      const dialog = page.getByRole('dialog', { name: 'Export ready' });
      await expect(dialog.getByRole('link', { name: 'Download File' })).toHaveAttribute('download', 'export.xlsx');
      const href = await dialog.getByRole('link', { name: 'Download File' }).getAttribute('href');
      expect((await request.get(href!)).ok()).toBe(true);
    });

    test('a viewer sees a static lock icon and no actions', async ({ page, request }) => {
      const { id } = await freshContainer(request, kind, 1);
      await openContainer(page, kind, id, 'viewer');
      await expect(page.getByRole('img', { name: 'Unlocked' })).toBeVisible();
      await expect(page.getByRole('button', { name: /lock container/i })).toHaveCount(0);
      for (const name of ['Move Container', 'Delete Container', 'Add Line Item']) await expect(page.getByRole('button', { name })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
      // Export needs no privilege (spec 2 §6).
      await expect(lineItems(page).getByRole('button', { name: 'Export to Excel' })).toBeVisible();
    });
  });
}

test('under a locked job the lock icon is plain and nothing can be changed', async ({ page, request }) => {
  const kind = KINDS[0]!;
  const { s, jobId, id } = await freshContainer(request, kind, 1);
  const locked = await request.patch(`api/job/lock/${jobId}`, { headers: { authorization: `Bearer ${s.token}` } });
  expect(locked.ok()).toBe(true);
  await openContainer(page, kind, id);
  await expect(page.getByRole('img', { name: 'Locked' }).first()).toBeVisible();
  await expect(page.getByText('Job locked')).toBeVisible();
  await expect(page.getByRole('button', { name: /lock container/i })).toHaveCount(0);
  for (const name of ['Move Container', 'Delete Container', 'Add Line Item']) await expect(page.getByRole('button', { name })).toHaveCount(0);
});

test('a container holding a line item locked on its own says why it cannot be deleted or moved, before anything is sent', async ({ page, request }) => {
  const kind = KINDS[0]!;
  const { s, jobId, id } = await freshContainer(request, kind, 2);
  await createJob(request, s); // a job it could otherwise move to
  const record = await api(request, s.token, 'get', `${kind.singular}/${id}`);
  const itemId = String(((record.data as { portalData: { LineItems: Json[] } }[])[0]!.portalData.LineItems[0]!)['LineItems::id']);
  await api(request, s.token, 'patch', `${kind.lineItemApi}/lock/${itemId}`);
  const reason = (what: string) => `${kind.heading} ${id} holds a line item locked on its own; it cannot be ${what} while that item stays locked.`;
  let sent = false;
  page.on('request', (r) => {
    if (['DELETE', 'PUT', 'POST'].includes(r.method()) && new RegExp(`/api/(container/${id}|container/move|job/move-container-to-yb/)`).test(r.url())) sent = true;
  });

  await openContainer(page, kind, id);
  await page.getByRole('button', { name: 'Delete Container' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete Container' });
  await expect(deleting.getByText(reason('deleted'))).toBeVisible();
  await expect(deleting.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await deleting.getByRole('button', { name: 'No' }).click();

  await page.getByRole('button', { name: 'Move Container' }).click();
  const moving = page.getByRole('dialog', { name: 'Select A Destination Job' });
  await expect(moving.getByText(reason('moved'))).toBeVisible();
  await expect(moving.getByRole('button', { name: 'Move', exact: true })).toBeDisabled();
  await expect(moving.getByRole('combobox', { name: 'Destination Job' })).toBeDisabled();
  await moving.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`job/${jobId}`);
  await page.getByRole('button', { name: `Move container ${id} to Yellow Bucket` }).click();
  const yellow = page.getByRole('dialog', { name: 'Move To Yellow Bucket' });
  await expect(yellow.getByText(`Container ${id} holds a line item locked on its own; it cannot be moved while that item stays locked.`)).toBeVisible();
  await expect(yellow.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await yellow.getByRole('button', { name: 'No' }).click();
  expect(sent).toBe(false);

  // Once the item is unlocked, the container may go: the dialog asks as before.
  await api(request, s.token, 'patch', `${kind.lineItemApi}/unlock/${itemId}`);
  await page.reload();
  await page.getByRole('button', { name: `Move container ${id} to Yellow Bucket` }).click();
  await expect(page.getByRole('dialog', { name: 'Move To Yellow Bucket' }).getByRole('button', { name: 'Yes' })).toBeEnabled();
});
