import type { Page } from '@playwright/test';
import { expect, login, test, untilStill } from '../support/fixtures.ts';
import { api, apiToken, scheduleFourStock, scheduleTwoStock, type Json } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';

/**
 * What the client declared (docs/dea-paperwork.md "What the client declared"): a clerk types the
 * client's list into the job, is told which row is wrong (a Schedule II item belongs on its Form 222),
 * then reads the rest of the list from the client's CSV, whose problems are named by their rows and
 * nothing is kept until the file is right. The Form 222 awaiting the pickup's goods shows as declared.
 */

test.describe.configure({ timeout: 120_000 });

const card = (page: Page) => page.getByRole('region', { name: 'Declared Inventory' });
const today = () => new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date(Date.now() - 86_400_000));

test('a clerk types the client’s declared inventory, fixes the row refused, and adds the rest from the client’s CSV', async ({ page, request }) => {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const scheduleTwo = ndcs[0]!;
  const entries = await api(request, token, 'get', 'dictionaries', undefined, {
    searchCriteria: JSON.stringify([{ criteria: { 'CSA Schedule LU': '==4', 'Trade Packages': 'Yes' } }]),
    limit: '2',
  });
  const [scheduleFour, another] = (entries.data as { fieldData: Json }[]).map((entry) => String(entry.fieldData['NDC Code LU']));
  const formNumber = `${String(Date.now()).slice(-7)}77`.padStart(9, '1');
  const form = await api(request, token, 'post', 'order-form/new', {
    registrationId: Number(registrationId),
    formNumber,
    formKind: 'paper',
    issuedOn: today(),
    lines: [{ lineNo: 1, ndc: scheduleTwo, packages: 2, packageSize: '100 tablets' }],
  });
  await api(request, token, 'post', `order-form/${String(form.recordId)}/status`, { status: 'executed' });
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `Declared ${formNumber}` } });
  const jobId = String(job.recordId);

  await login(page);
  await page.goto(`job/${jobId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Job ${jobId}` })).toBeVisible();
  // The declared inventory follows the reconciliation, the link at the top of the job.
  await page.getByRole('navigation', { name: 'Parts of this job' }).getByRole('link', { name: 'Reconciliation' }).click();
  await expect(card(page)).toContainText('Nothing declared yet');
  // The client's Form 222 awaiting this pickup's goods counts as declared for its Schedule II item.
  const formLines = card(page).getByRole('table', { name: 'Form 222 lines declared' });
  await expect(formLines.getByRole('row').filter({ hasText: formNumber })).toContainText(scheduleTwo);

  // Typed: a Schedule IV item with its lot and an opened bottle, and the Schedule II item by mistake.
  await card(page).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Declared Inventory of Job ${jobId}` });
  await dialog.getByLabel('Row 1 NDC').fill(scheduleFour!);
  await dialog.getByLabel('Row 1 Lot').fill('E2E-LOT-1');
  await dialog.getByLabel('Row 1 Packages').fill('2');
  await dialog.getByLabel('Row 1 Package Size').fill('100');
  await dialog.getByLabel('Row 1 Partial Fill').fill('40');
  await dialog.getByRole('button', { name: 'Add Row' }).click();
  await dialog.getByLabel('Row 2 NDC').fill(scheduleTwo);
  await dialog.getByLabel('Row 2 Packages').fill('one');
  // The rules are applied before anything is sent: the row and what is wrong with it.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/Packages must be a whole number from 0 to 999,999/)).toBeVisible();
  await dialog.getByLabel('Row 2 Packages').fill('1');
  // The server alone knows the dictionary's schedule: its refusal shows under the row it names.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/is Schedule 2: Schedule I and II items are declared by the lines of their Form 222/)).toBeVisible();
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('declared-typed-refused.png') });
  await expectAccessible(page, 'Declared inventory editor with a refused row');
  await dialog.getByRole('button', { name: 'Remove row 2' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const items = card(page).getByRole('table', { name: 'Declared items' });
  await expect(items.getByRole('row')).toHaveCount(2);
  await expect(items.getByRole('row').nth(1)).toContainText(scheduleFour!);
  await expect(items.getByRole('row').nth(1)).toContainText('E2E-LOT-1');
  await expect(items.getByRole('row').nth(1)).toContainText('40.00%');
  await expect(card(page)).toContainText('1 item, typed by admin');

  // The client's CSV: a row whose NDC a spreadsheet cut short is named by its row, and nothing is kept.
  await card(page).getByRole('button', { name: 'Upload xlsx or CSV' }).click();
  const upload = page.getByRole('dialog', { name: `Upload the Declared Inventory of Job ${jobId}` });
  const csv = (secondNdc: string) => Buffer.from(`NDC,Description,Lot Number,Qty,Strength\r\n${another},,LOT-A,3,10 mg\r\n${secondNdc},Unlabelled tablets,,1,\r\n`);
  await upload.getByLabel('Choose the declared inventory file').setInputFiles({ name: 'client-list.csv', mimeType: 'text/csv', buffer: csv('59104050') });
  await upload.getByRole('radio', { name: "Add the file's items after them" }).check();
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText(/Row 3: NDC 59104050 has only 8 digits/)).toBeVisible();
  await expect(upload.getByText('client-list.csv was not read: nothing was kept')).toBeVisible();
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('declared-upload-refused.png') });
  await expectAccessible(page, 'Declared inventory upload with a refused row');
  await expect(items.getByRole('row')).toHaveCount(2);

  // Corrected (the description alone names the item), the file's items follow the typed one.
  await upload.getByLabel('Choose the declared inventory file').setInputFiles({ name: 'client-list.csv', mimeType: 'text/csv', buffer: csv('') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  await expect(page.getByText(/read from client-list.csv: 3 items, from client-list.csv by admin\. Columns left out: Strength\./)).toBeVisible();
  await expect(items.getByRole('row')).toHaveCount(4);
  await expect(items.getByRole('row').nth(2)).toContainText('LOT-A');
  await expect(items.getByRole('row').nth(3)).toContainText('Unlabelled tablets');
  await untilStill(page);
  await card(page).screenshot({ path: test.info().outputPath('declared-card.png') });
  await expectAccessible(page, 'Job with its declared inventory');

  // The job's history says who declared what, from where.
  await page.getByRole('region', { name: 'History' }).getByRole('button', { name: 'History' }).click();
  await expect(page.getByText('Read the declared inventory from client-list.csv: 3 items (was 1 item)')).toBeVisible();
});

test('what arrives is held against what was declared as it is entered; an open difference keeps the job from being locked until it is resolved', async ({ page, request }) => {
  const token = await apiToken(request);
  const { registrationId, ndcs: fourNdcs } = await scheduleFourStock(request, token, 2);
  const [first, second] = fourNdcs;
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `Reconciled ${Date.now()}` } });
  const jobId = String(job.recordId);
  await api(request, token, 'put', `job/${jobId}/declared`, { items: [{ ndc: first, lot: 'R-1', packages: 3 }, { ndc: second, packages: 1 }] });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'Reconciliation tote' });
  const receive = (ndc: string, packQuantity: number, lotNumber?: string) =>
    api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc, packQuantity, percentFill: 1, ...(lotNumber ? { lotNumber } : {}) });
  await receive(first!, 2, 'R-1');

  await login(page);
  await page.goto(`job/${jobId}`);
  await page.getByRole('navigation', { name: 'Parts of this job' }).getByRole('link', { name: 'Reconciliation' }).click();
  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  const table = reconciliation.getByRole('table', { name: 'Declared against received' });
  const rowOf = (ndc: string) => table.getByRole('row').filter({ hasText: ndc });
  await expect(rowOf(first!)).toContainText('Short');
  await expect(rowOf(second!)).toContainText('Short');
  await expect(reconciliation.getByText('2 open')).toBeVisible();

  // The last package of the first item is entered elsewhere: the screen follows without a reload.
  await receive(first!, 1, 'R-1');
  await expect(rowOf(first!)).toContainText('Matched');
  await expect(reconciliation.getByText('1 open')).toBeVisible();

  // Lock Job says why it cannot lock yet.
  await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
  const lock = page.getByRole('dialog', { name: 'Lock Job' });
  await expect(lock.getByText(/cannot be locked for destruction yet: a controlled substance differs from what the client declared/)).toBeVisible();
  await expect(lock.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await lock.getByRole('button', { name: 'No' }).click();

  // The second item never came: the client confirms in writing that it was not sent.
  await rowOf(second!).getByRole('button', { name: /^Resolve / }).click();
  const resolve = page.getByRole('dialog', { name: /^Resolve / });
  await resolve.getByRole('radio', { name: 'Client’s error, confirmed in writing' }).check();
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve.getByText('Say which written confirmation of the client’s error is kept (its date, who signed it).')).toBeVisible();
  await resolve.getByLabel(/Written confirmation/).fill('E-mail from the pharmacist, 11/27');
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('reconciliation-resolve.png') });
  await expectAccessible(page, 'Resolve a difference');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve).toBeHidden();
  await expect(rowOf(second!)).toContainText('Client’s error, confirmed in writing — admin: E-mail from the pharmacist, 11/27');
  await expect(reconciliation.getByText('0 open')).toBeVisible();
  await untilStill(page);
  await reconciliation.screenshot({ path: test.info().outputPath('reconciliation-card.png') });
  await expectAccessible(page, 'Job with its reconciliation');

  // The client's copy.
  await reconciliation.getByRole('button', { name: 'Reconciliation PDF' }).click();
  const ready = page.getByRole('dialog', { name: 'Reconciliation ready' });
  await expect(ready.getByText(`job-${jobId}-reconciliation.pdf`)).toBeVisible();
  const href = await ready.getByRole('link', { name: /Download/ }).getAttribute('href');
  const pdf = await request.get(new URL(href!, page.url()).toString());
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await ready.getByRole('button', { name: 'Close' }).click();

  // Nothing is open now: the job locks.
  await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
  await expect(lock.getByRole('button', { name: 'Yes' })).toBeEnabled();
  await lock.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Job ${jobId} is locked` })).toBeVisible();
});
