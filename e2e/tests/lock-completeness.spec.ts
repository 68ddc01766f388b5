import type { APIRequestContext, Page } from '@playwright/test';
import { api, apiToken, receivedOn, scheduleTwoStock } from '../support/api.ts';
import { expect, login, test } from '../support/fixtures.ts';
import { shot } from '../support/shots.ts';

/**
 * Nothing incomplete gets locked. A Schedule II line item received without its Form 222 number
 * lacks what ARCOS needs: locking its job, its container or the line item itself lists it with a
 * link, and nothing is locked; completed, the lock goes through. Pack Qty is required where the NDC
 * is complete and the container standard, said beside the field. The lock state then reads the same
 * everywhere: the job's status, the line items in the lists.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

interface Fixture {
  token: string;
  jobId: string;
  containerId: string;
  completeId: string;
  incompleteId: string;
  /** An executed Form 222 of the client whose line 1 orders the NDC: what the incomplete item's edit names. */
  form222Number: string;
  ndc: string;
}

async function fixture(request: APIRequestContext): Promise<Fixture> {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `E2E lock check ${Date.now()}` } });
  const jobId = String(job.recordId);
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'E2E tote', netWeight: 2, packageWeight: 1, grossUoM: 'kg' });
  const containerId = String(container.recordId);
  const ndc = ndcs[0]!;
  const complete = await api(request, token, 'post', 'line-item/new', { containerId: Number(containerId), ndc, packQuantity: 2, lotNumber: 'E2E-OK', ...(await receivedOn(request, token, containerId, ndc)) });
  // The executed form the incomplete item's edit names.
  const form = await receivedOn(request, token, containerId, ndc);
  // Received without its Form 222 number: ARCOS cannot report the Schedule II receipt.
  const incomplete = await api(request, token, 'post', 'line-item/new', { containerId: Number(containerId), ndc, packQuantity: 1, lotNumber: 'E2E-NO222' });
  return { token, jobId, containerId, completeId: String(complete.recordId), incompleteId: String(incomplete.recordId), ndc, form222Number: form.form222Number };
}

async function signIn(page: Page) {
  await login(page);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
}

async function openJob(page: Page, id: string) {
  await page.goto(`job/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Job ${id}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Job', exact: true })).toBeVisible({ timeout: 30_000 });
}

const incompleteList = (page: Page) => page.getByRole('list', { name: 'Incomplete line items' });

test('Lock Job lists the line item that lacks what Form 41 and ARCOS need, with a link; completed, the job locks and reads "Locked"', async ({ page, request }) => {
  const f = await fixture(request);
  await signIn(page);
  await openJob(page, f.jobId);

  await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock Job' });
  await expect(dialog.getByText(`Job ${f.jobId} cannot be locked yet: this line item lacks what DEA Form 41 and ARCOS need.`)).toBeVisible();
  await expect(incompleteList(page).getByRole('link', { name: `Line item ${f.incompleteId}` })).toBeVisible();
  await expect(incompleteList(page)).toContainText('Schedule 2 receipt without its DEA Form 222 number');
  await expect(incompleteList(page)).toContainText('lot E2E-NO222');
  await expect(incompleteList(page)).not.toContainText(`Line item ${f.completeId}`);
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await shot(page, 'lock-job-incomplete');

  // The link opens the line item; its edit fills the Form 222 number.
  await incompleteList(page).getByRole('link', { name: `Line item ${f.incompleteId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/line-item/${f.incompleteId}$`));
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: /^Enter Data For / });
  await form.getByLabel('Form 222 #').fill(f.form222Number);
  await form.getByLabel('Form 222 Line').fill('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  await openJob(page, f.jobId);
  await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeEnabled();
  await expect(incompleteList(page)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Job ${f.jobId} is locked` })).toBeVisible();
  // A locked job's status is not "Open".
  await expect(page.getByRole('region', { name: 'Job', exact: true }).getByText('Locked', { exact: true })).toBeVisible();

  // Its line items show as locked in the lists, though only the job was locked.
  await page.goto(`line-items?find=${encodeURIComponent(JSON.stringify([{ omit: false, criteria: { id_Job: `==${f.jobId}` } }]))}`);
  await expect(page.getByText(/^Showing 1 to 2 of 2 entries$/)).toBeVisible({ timeout: 30_000 });
  for (const id of [f.completeId, f.incompleteId]) {
    await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: `View record ${id}` }) }).getByRole('img', { name: 'Locked' })).toBeVisible();
  }
  await shot(page, 'line-items-of-locked-job');
});

test('Lock Container and the line item’s own lock say the same; Pack Qty is required beside the field, and a negative one stays as typed', async ({ page, request }) => {
  const f = await fixture(request);
  await signIn(page);
  await page.goto(`container/${f.containerId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Container ${f.containerId}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Lock container' }).click();
  const lock = page.getByRole('dialog', { name: 'Lock Container' });
  await expect(incompleteList(page).getByRole('link', { name: `Line item ${f.incompleteId}` })).toBeVisible();
  await expect(lock.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await lock.getByRole('button', { name: 'No' }).click();

  // A new line item of a complete NDC: Pack Qty is marked required and said beside the field.
  await page.goto(`line-item/${f.completeId}`);
  await page.getByRole('button', { name: 'New Line Item' }).click();
  const select = page.getByRole('dialog', { name: 'Select an NDC Number' });
  await select.getByRole('combobox', { name: 'NDC Number' }).fill(f.ndc);
  await page.getByRole('option', { name: new RegExp(`^${f.ndc} — `) }).click();
  await select.getByRole('button', { name: 'OK' }).click();
  const form = page.getByRole('dialog', { name: `Enter Data For ${f.ndc}` });
  const packQty = form.getByRole('textbox', { name: /^Pack Qty/ });
  await expect(packQty).toHaveAttribute('required', '');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(packQty).toHaveAttribute('aria-invalid', 'true');
  await expect(packQty).toHaveAccessibleDescription('Pack Quantity is required');
  await shot(page, 'pack-qty-required');
  await packQty.fill('-5');
  await form.getByLabel('Lot Number').click();
  await expect(packQty).toHaveValue('-5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(packQty).toHaveAccessibleDescription('Pack Qty must be a number of at least 0');
  await expect(packQty).toHaveValue('-5');
  await packQty.fill('5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // The line item's own lock checks itself.
  await page.goto(`line-item/${f.incompleteId}`);
  await page.getByRole('button', { name: 'Lock line item' }).click();
  const own = page.getByRole('dialog', { name: 'Lock Line Item' });
  await expect(own.getByText('Schedule 2 receipt without its DEA Form 222 number')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Yes' })).toBeDisabled();
});

test('a bulk lock says beforehand how many will be refused and why, then locks the rest', async ({ page, request }) => {
  const f = await fixture(request);
  await signIn(page);
  await page.goto(`line-items?find=${encodeURIComponent(JSON.stringify([{ omit: false, criteria: { id_Job: `==${f.jobId}` } }]))}`);
  await expect(page.getByText(/^Showing 1 to 2 of 2 entries$/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: /Select all on this page/i }).check();
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Lock', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Lock 2 line items' });
  await expect(confirm.getByText('1 line item will be locked; 1 of the 2 line items will be refused:')).toBeVisible();
  await expect(confirm.getByRole('list', { name: 'Refused' }).getByRole('link', { name: `Line item ${f.incompleteId}` })).toBeVisible();
  await expect(confirm).toContainText('Schedule 2 receipt without its DEA Form 222 number');
  await shot(page, 'bulk-lock-forecast');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  const summary = page.getByRole('dialog', { name: /what was done/ });
  await expect(summary.getByText('1 locked, 1 refused:')).toBeVisible();
  await summary.getByRole('button', { name: 'OK' }).click();
  const locked = await api(request, f.token, 'get', `line-item/${f.completeId}`);
  expect((locked.data as { fieldData: Record<string, unknown> }[])[0]!.fieldData['Locked Container Line Item']).toBe('Yes');
});

test('on a phone, the lock refusal fits the screen', async ({ page, request }) => {
  const f = await fixture(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page).catch(async () => {
    // The sidebar folds away on a phone: signed in once the page leaves the login.
    await expect(page.getByLabel('Username')).toHaveCount(0, { timeout: 30_000 });
  });
  await openJob(page, f.jobId);
  await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock Job' });
  await expect(incompleteList(page).getByRole('link', { name: `Line item ${f.incompleteId}` })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await shot(page, 'lock-job-incomplete-phone');
});
