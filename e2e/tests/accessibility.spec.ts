import type { APIRequestContext, Page } from '@playwright/test';
import { ROUTES, type RouteName } from '../../apps/web/src/config/paths.ts';
import { api, apiToken, scheduleTwoStock, theftFound } from '../support/api.ts';
import { expectAccessible, LIST_SCREENS, scanDialog, scanScreen, scanSummary } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * Every screen of the route table and every dialog, scanned with axe-core in Chromium: no serious
 * or critical violation of WCAG 2.1 A/AA. The records are made through the API first; the screens
 * are reached as a person reaches them. The list screens are scanned by `accessibility-lists.spec.ts`,
 * beside this file in the other worker.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Records {
  companyId: string;
  registrationId: string;
  jobId: string;
  containerId: string;
  ybContainerId: string;
  lineItemId: string;
  ybLineItemId: string;
  dictionaryId: string;
}

async function makeRecords(request: APIRequestContext): Promise<Records> {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const registration = await api(request, token, 'get', `registration/${registrationId}`);
  const companyId = String((registration.data as { fieldData: Record<string, unknown> }[])[0]!.fieldData['Company ID']);
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `A11y ${Date.now()}` } });
  const jobId = String(job.recordId);
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'A11y tote', netWeight: 3, packageWeight: 1, grossUoM: 'kg' });
  const yb = await api(request, token, 'post', 'yb-container/new', { jobId: Number(jobId), containerName: 'A11y drum' });
  const item = { ndc: ndcs[0], packQuantity: 1, lotNumber: 'A11Y-1' };
  const lineItem = await api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ...item });
  await api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ...item });
  const ybLineItem = await api(request, token, 'post', 'yb-line-item/new', { containerId: Number(yb.recordId), ...item });
  const entries = await api(request, token, 'get', 'dictionaries', undefined, { limit: '1' });
  return {
    companyId,
    registrationId,
    jobId,
    containerId: String(container.recordId),
    ybContainerId: String(yb.recordId),
    lineItemId: String(lineItem.recordId),
    ybLineItemId: String(ybLineItem.recordId),
    dictionaryId: (entries.data as { recordId: string }[])[0]!.recordId,
  };
}

/** Signs in and waits for the first screen, so that the next navigation carries the session. */
async function signIn(page: Page) {
  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

const visited = new Set<RouteName>();
let records: Records;

async function screen(page: Page, route: RouteName, path: string, heading: string | RegExp) {
  await scanScreen(page, `screen ${route}`, path, heading);
  visited.add(route);
}

const dialog = scanDialog;

test.beforeAll(async ({ request }) => {
  records = await makeRecords(request);
});

test.afterAll(() => {
  console.info(scanSummary());
});

test('the login screen and the not-found screen', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, 'screen login');
  visited.add('login');
  await signIn(page);
  await screen(page, 'home', 'home', 'Home');
  await screen(page, 'not-found', 'nowhere-at-all', /not found/i);
});

test('company, registration and dictionary details with their dialogs', async ({ page }) => {
  await signIn(page);
  await screen(page, 'company-view', `company/${records.companyId}`, `Company ${records.companyId}`);
  const addJob = page.getByRole('button', { name: /^Add New Job for registration/ }).first();
  await dialog(page, 'Add New Job', () => addJob.click());
  await screen(page, 'registration-view', `registration/${records.registrationId}`, /^Registration /);
  await dialog(page, 'Update Registration', () => page.getByRole('button', { name: 'Update Registration' }).click());
  await dialog(page, 'New Job', () => page.getByRole('button', { name: 'New Job' }).click());
  await screen(page, 'dictionary-view', `dictionary/${records.dictionaryId}`, /./);
  await screen(page, 'reports', 'reports', 'Reports');
  await screen(page, 'on-hand', 'on-hand', 'On Hand');
});

test('the job screens and their dialogs', async ({ page }) => {
  await signIn(page);
  const { jobId, containerId } = records;
  await screen(page, 'job-view', `job/${jobId}`, new RegExp(`^Job ${jobId}`));
  await dialog(page, 'New Container', () => page.getByRole('button', { name: 'Container', exact: true }).click());
  await dialog(page, 'Move To Yellow Bucket', () => page.getByRole('button', { name: `Move container ${containerId} to Yellow Bucket` }).click());
  await page.getByRole('tab', { name: /^Yellow Bucket Containers/ }).click();
  await expectAccessible(page, 'job Yellow Bucket tab');
  await dialog(page, 'New Yellow Bucket Container', () => page.getByRole('button', { name: 'Yellow Bucket', exact: true }).click());
  await dialog(page, 'Pictures', () => page.getByRole('button', { name: 'Add or view pictures' }).click());
  await dialog(page, 'Lock Job', () => page.getByRole('button', { name: 'Lock Job' }).click());
  await dialog(page, `Destruction Record of Job ${jobId}`, () =>
    page.getByRole('region', { name: 'Destruction Record' }).getByRole('button', { name: 'Edit' }).click(),
  );
  await page.getByRole('button', { name: 'History' }).click();
  await expectAccessible(page, 'job history panel');
  await page.getByRole('button', { name: 'Edit job name' }).click();
  await expectAccessible(page, 'job name editor');
  await page.keyboard.press('Escape');
  // The job-edit route opens the view, where a job is edited.
  await page.goto(`job/${jobId}/edit`);
  await expect(page).toHaveURL(new RegExp(`/job/${jobId}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Job ${jobId}`) })).toBeVisible();
  visited.add('job-edit');
});

for (const kind of [
  { view: 'container-view', edit: 'container-edit', path: 'container', heading: 'Container', id: () => records.containerId },
  { view: 'yb-container-view', edit: 'yb-container-edit', path: 'yb-container', heading: 'Yellow Bucket Container', id: () => records.ybContainerId },
] as const) {
  test(`the ${kind.heading.toLowerCase()} screens and their dialogs`, async ({ page }) => {
    await signIn(page);
    const id = kind.id();
    await screen(page, kind.view, `${kind.path}/${id}`, `${kind.heading} ${id}`);
    await dialog(page, 'Lock Container', () => page.getByRole('button', { name: 'Lock container' }).click());
    await dialog(page, 'Delete Container', () => page.getByRole('button', { name: 'Delete Container' }).click());
    await dialog(page, 'Select A Destination Job', () => page.getByRole('button', { name: 'Move Container' }).click());
    await dialog(page, 'Select an NDC Number', () => page.getByRole('button', { name: 'Add Line Item' }).click());
    // The scan field's dialogs: ten digits two NDCs share, and the camera (none here: it says so).
    await dialog(page, 'Which NDC is on the package?', async () => {
      await page.getByLabel('Scan or type an NDC').fill('0009301301');
      await page.getByLabel('Scan or type an NDC').press('Enter');
    });
    await dialog(page, 'Scan with the camera', async () => {
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      await expect(page.getByRole('dialog', { name: 'Scan with the camera' }).getByText('The camera cannot scan')).toBeVisible();
    });
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${kind.heading} ${id}` })).toBeVisible();
    await expectAccessible(page, `screen ${kind.edit}`);
    visited.add(kind.edit);
  });
}

for (const kind of [
  { view: 'line-item-view', edit: 'line-item-edit', path: 'line-item', heading: 'Line Item', id: () => records.lineItemId },
  { view: 'yb-line-item-view', edit: 'yb-line-item-edit', path: 'yb-line-item', heading: 'Yellow Bucket Line Item', id: () => records.ybLineItemId },
] as const) {
  test(`the ${kind.heading.toLowerCase()} screens and their dialogs`, async ({ page }) => {
    await signIn(page);
    const id = kind.id();
    await screen(page, kind.view, `${kind.path}/${id}`, `${kind.heading} ${id}`);
    await dialog(page, 'Lock Line Item', () => page.getByRole('button', { name: 'Lock line item' }).click());
    await dialog(page, 'Delete Line Item', () => page.getByRole('button', { name: 'Delete Line Item' }).click());
    await dialog(page, 'Move Line Item', () => page.getByRole('button', { name: 'Move Line Item' }).click());
    await dialog(page, 'Select an NDC Number', () => page.getByRole('button', { name: 'New Line Item' }).click());
    await dialog(page, 'Edit NDC Number', () => page.getByRole('button', { name: 'Edit NDC Number' }).click());
    await dialog(page, /^Enter Data For /, () => page.getByRole('button', { name: 'Duplicate Line Item' }).click());
    await dialog(page, 'Label ready', () => page.getByRole('button', { name: 'Generate Label' }).click());
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /^Enter Data For / })).toBeVisible();
    await expectAccessible(page, `screen ${kind.edit}`);
    visited.add(kind.edit);
  });
}

test('the lock refusals, a bulk action’s forecast and the forms’ errors beside their fields', async ({ page }) => {
  await signIn(page);
  // The records' line items are Schedule II without a Form 222 number: the lock lists them.
  await screen(page, 'job-view', `job/${records.jobId}`, `Job ${records.jobId}`);
  await dialog(page, 'Lock Job', async () => {
    await page.getByRole('button', { name: 'Lock Job' }).click();
    await expect(page.getByRole('list', { name: 'Incomplete line items' })).toBeVisible();
  });
  await dialog(page, 'New Container', async () => {
    await page.getByRole('button', { name: 'Container', exact: true }).click();
    await page.getByRole('dialog', { name: 'New Container' }).getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('dialog', { name: 'New Container' }).getByRole('alert').filter({ hasText: 'Invalid Form' })).toBeVisible();
  });
  await page.goto(`line-items?find=${encodeURIComponent(JSON.stringify([{ omit: false, criteria: { id_Job: `==${records.jobId}` } }]))}`);
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ entries$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await dialog(page, /^Lock \d+ line items$/, async () => {
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /^Lock \d+ line items$/ }).getByRole('list', { name: 'Refused' })).toBeVisible();
  });
  await page.goto(`line-item/${records.lineItemId}`);
  await dialog(page, /^Enter Data For /, async () => {
    await page.getByRole('button', { name: 'Duplicate Line Item' }).click();
    const form = page.getByRole('dialog', { name: /^Enter Data For / });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Pack Quantity is required').first()).toBeVisible();
  });
});

test('the users screen and its dialogs', async ({ page }) => {
  await signIn(page);
  await screen(page, 'users', 'users', 'Users');
  await dialog(page, 'Add user', () => page.getByRole('button', { name: 'Add user' }).click());
  await dialog(page, 'Edit user clerk', () => page.getByRole('button', { name: 'Edit clerk' }).click());
  await dialog(page, 'Reset the password of clerk', () => page.getByRole('button', { name: 'Reset the password of clerk' }).click());
  await dialog(page, 'Disable user clerk', () => page.getByRole('button', { name: 'Disable clerk' }).click());
});

test('the settings screen', async ({ page }) => {
  await signIn(page);
  await screen(page, 'settings', 'settings', 'Settings');
  await expect(page.getByLabel('DEA Registration Number')).not.toHaveValue('');
});

test('the Form 222 register and one of its forms', async ({ page, request }) => {
  const token = await apiToken(request);
  const { registrationId } = await scheduleTwoStock(request, token, 1);
  // A paper number no other run used: the register takes a number once.
  const formNumber = `1${String(Date.now()).slice(-8)}`;
  const issuedOn = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date());
  const form = await api(request, token, 'post', 'order-form/new', { registrationId: Number(registrationId), formNumber, formKind: 'paper', issuedOn });
  await signIn(page);
  await screen(page, 'order-forms', 'order-forms', 'Form 222 Register');
  await screen(page, 'order-form-view', `order-form/${String(form.recordId)}`, new RegExp(`^Form 222 ${formNumber}`));
});

test('the losses and one of them', async ({ page, request }) => {
  const token = await apiToken(request);
  const { lossId } = await theftFound(request, token);
  await signIn(page);
  await screen(page, 'losses', 'losses', 'Losses');
  await screen(page, 'loss-view', `loss/${lossId}`, `Loss ${lossId}`);
  await dialog(page, `Record the Reports of Loss ${lossId}`, () => page.getByRole('button', { name: 'Record Reports' }).click());
});

test('every screen of the route table was scanned', () => {
  // The lists: accessibility-lists.spec.ts scans each of LIST_SCREENS.
  const lists = LIST_SCREENS.map(([route]) => route);
  expect([...new Set([...visited, ...lists])].sort()).toEqual((Object.keys(ROUTES) as RouteName[]).sort());
});
