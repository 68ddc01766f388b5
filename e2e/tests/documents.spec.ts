import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { api, apiToken, receivedOn, scheduleTwoStock, type Json } from '../support/api.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * The job's DEA documents (docs/form-41.md): the Form 41 draft of an unlocked job, the final Form 41
 * and the Certificate of Destruction of a locked one, each through the download dialog, and the
 * refusal of a final form the job's records cannot fill.
 */

async function openJob(page: Page, id: string, username = 'admin') {
  await login(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 20_000 });
  await page.goto(`job/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Job ${id}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Job', exact: true })).toBeVisible({ timeout: 20_000 });
}

/** The company's Report Type makes a document a button of its own or an entry of the "Documents" menu. */
async function chooseDocument(page: Page, label: string) {
  const button = page.getByRole('button', { name: label, exact: true });
  const menu = page.getByRole('button', { name: 'Documents', exact: true });
  await expect(button.or(menu).first()).toBeVisible();
  if (await button.isVisible()) await button.click();
  else {
    await menu.click();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
  }
}

async function offered(page: Page, label: string): Promise<boolean> {
  if (await page.getByRole('button', { name: label, exact: true }).isVisible()) return true;
  const menu = page.getByRole('button', { name: 'Documents', exact: true });
  if (!(await menu.isVisible())) return false;
  await menu.click();
  // Read the menu once it is open, not as the click returns (it would not hold anything yet).
  const opened = page.getByRole('menu');
  await expect(opened.getByRole('menuitem').first()).toBeVisible();
  const found = (await opened.getByRole('menuitem', { name: label, exact: true }).count()) > 0;
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
  return found;
}

/** Downloads the file of the open "Document ready" dialog and answers its text (poppler's pdftotext). */
async function downloadText(page: Page, fileName: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Document ready' });
  const link = dialog.getByRole('link', { name: 'Download File' });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(link).toHaveAttribute('download', fileName);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = test.info().outputPath(fileName);
  await download.saveAs(path);
  await dialog.getByRole('button', { name: 'Close' }).click();
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/** The demo's staff who witness destructions, by the name the record prints (seed-choices.ts DEMO_WITNESSES). */
const DEMO_WITNESS_USERNAMES: Record<string, string> = { 'Dana Whitfield': 'dwhitfield', 'Marcus Okafor': 'mokafor', 'Elena Sandoval': 'esandoval', 'Samuel Jensen': 'sjensen' };

async function lockJob(page: Page) {
  await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
  await page.getByRole('dialog', { name: 'Lock Job' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Unlock Job', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A demo job that was destroyed and is not locked yet: its destruction record is filled in. */
async function destroyedJob(request: APIRequestContext, token: string): Promise<string> {
  const found = await api(request, token, 'get', 'jobs', undefined, {
    searchCriteria: JSON.stringify([{ criteria: { 'Date Destroyed': '*', 'Locked Job': 'No', 'Disposal Method': '*' } }]),
    limit: '30',
  });
  for (const job of found.data as { recordId: string }[]) {
    const record = await api(request, token, 'get', `job/${job.recordId}`);
    const fieldData = (record.data as { fieldData: Json }[])[0]!.fieldData;
    if (Number(fieldData['Total Line Items']) + Number(fieldData['Total Yellow Bucket Line Items']) > 0) return job.recordId;
  }
  throw new Error('The demo data has no unlocked destroyed job with line items');
}

test.describe('DEA documents of a job', () => {
  test('an unlocked job offers the Form 41 draft; locked without its destruction record, the final form is refused', async ({ page, request }) => {
    const token = await apiToken(request);
    const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
    const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `E2E documents ${Date.now()}` } });
    const jobId = String(job.recordId);
    const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'E2E tote', netWeight: 3, packageWeight: 1, grossUoM: 'kg' });
    await api(request, token, 'post', 'line-item/new', {
      containerId: Number(container.recordId),
      ndc: ndcs[0],
      packQuantity: 2,
      lotNumber: 'E2E-LOT-41',
      ...(await receivedOn(request, token, String(container.recordId), ndcs[0]!)),
    });
    await openJob(page, jobId);

    await chooseDocument(page, 'Form 41 Draft');
    const draft = await downloadText(page, `job-${jobId}-form-41-draft.pdf`);
    expect(draft).toContain('REGISTRANT RECORD OF CONTROLLED SUBSTANCES DESTROYED');
    expect(draft).toContain('DRAFT');
    expect(draft).toContain(ndcs[0]!);
    expect(draft).toContain('E2E-LOT-41');
    // Only the draft: the final documents wait for the lock.
    expect(await offered(page, 'Certificate of Destruction')).toBe(false);
    expect(await offered(page, 'Generate Form 41')).toBe(false);

    await lockJob(page);
    await chooseDocument(page, 'Generate Form 41');
    const refusal = page.getByRole('alert').filter({ hasText: 'Date Destroyed' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('Destruction Witness 1');
    await expect(page.getByRole('dialog', { name: 'Document ready' })).toHaveCount(0);
  });

  test('lock a destroyed job, generate its Form 41 and Certificate of Destruction, download both, find them on the job', async ({ page, request }) => {
    const token = await apiToken(request);
    const jobId = await destroyedJob(request, token);
    await openJob(page, jobId);
    await lockJob(page);
    await page.screenshot({ path: test.info().outputPath('locked-job-documents.png') });

    await chooseDocument(page, 'Generate Form 41');
    const form = await downloadText(page, `job-${jobId}-form-41.pdf`);
    for (const text of ['FORM DEA-41', 'A. REGISTRANT INFORMATION', 'Riverbend Pharmaceutical Returns, LLC', 'RR4830178', 'C. METHOD OF DESTRUCTION', 'D. WITNESSES', 'Totals by schedule']) {
      expect(form).toContain(text);
    }
    expect(form).not.toContain('DRAFT');

    await chooseDocument(page, 'Certificate of Destruction');
    const certificate = await downloadText(page, `job-${jobId}-certificate-of-destruction.pdf`);
    expect(certificate).toContain('CERTIFICATE OF DESTRUCTION');
    expect(certificate).toContain('Authorized signature');

    // Both are kept with the job: its files card links them.
    const files = page.getByRole('region', { name: 'Pictures & documents' });
    await expect(files.getByRole('link', { name: '41', exact: true })).toHaveAttribute('href', /form-41\.pdf/);
    await expect(files.getByRole('link', { name: 'Certificate of Destruction', exact: true })).toHaveAttribute('href', /certificate-of-destruction\.pdf/);
    // And listed as generated, each current (a later generation would mark it superseded).
    const generated = files.getByRole('table', { name: 'Generated documents' });
    await expect(generated.getByRole('row')).toHaveCount(3);
    await expect(generated.getByRole('row').nth(1)).toContainText('Certificate of Destruction');
    await expect(generated.getByRole('row').nth(2)).toContainText('DEA Form 41');
    await expect(generated.getByText('Current')).toHaveCount(2);
    await expect(generated.getByRole('link', { name: /^DEA Form 41 generated / })).toHaveAttribute('href', /form-41\.pdf/);

    // The printed Form 41 comes back signed: its scan is kept beside the version it signs.
    const scan = test.info().outputPath('signed-form-41.pdf');
    await writeFile(scan, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
    const chooser = page.waitForEvent('filechooser');
    await generated.getByRole('button', { name: /^Attach the signed copy of the DEA Form 41 generated / }).click();
    await (await chooser).setFiles(scan);
    const signed = generated.getByRole('link', { name: /^Signed copy of the DEA Form 41 generated .* by admin$/ });
    await expect(signed).toBeVisible();
    expect((await page.request.get((await signed.getAttribute('href'))!)).ok()).toBe(true);
    // The generated slot still holds the generated document.
    await expect(files.getByRole('link', { name: '41', exact: true })).toHaveAttribute('href', /form-41\.pdf/);
    await generated.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('signed-copy.png') });
  });

  test('a late entry after the Form 41 makes it out of date: the job says so, and locking again offers to generate it again', async ({ page, request }) => {
    const token = await apiToken(request);
    const jobId = await destroyedJob(request, token);
    await api(request, token, 'patch', `job/lock/${jobId}`);
    await api(request, token, 'post', `job/${jobId}/documents/form-41`);
    await api(request, token, 'patch', `job/unlock/${jobId}`, { reason: 'A tote found in the vault after the count' });
    // The late entry: one more package like one the job already holds, in the same container.
    const job = (await api(request, token, 'get', `job/${jobId}`)).data as { portalData: Record<string, Json[]> }[];
    const holding = [...(job[0]!.portalData.Containers ?? [])].find(Boolean)!;
    const containerId = String(holding['Containers::Container_PK_ID']);
    const container = (await api(request, token, 'get', `container/${containerId}`)).data as { portalData: { LineItems: Json[] } }[];
    const itemId = String(container[0]!.portalData.LineItems[0]!['LineItems::id']);
    const item = ((await api(request, token, 'get', `line-item/${itemId}`)).data as { fieldData: Json }[])[0]!.fieldData;
    await api(request, token, 'post', 'line-item/new', {
      containerId: Number(containerId),
      ndc: item['NDC Number'],
      packQuantity: 1,
      packSize: item['Pack Size'],
      packSizeUoM: item['Pack Size UoM'],
      packSizeReason: item['Pack Size Reason'] || undefined,
      lotNumber: `${String(item['Lot Number'] || 'LATE')}-L`,
      // Received, as the item it copies, on a Form 222 (a fresh one: the demo form's line has no package left).
      ...(item['Form 222 Number'] ? await receivedOn(request, token, containerId, String(item['NDC Number'])) : {}),
      expirationDate: item['Expiration Date'] || undefined,
      source: item.Source || undefined,
      cause: item.Cause || undefined,
    });

    await openJob(page, jobId);
    const files = page.getByRole('region', { name: 'Pictures & documents' });
    await expect(files.getByRole('alert').filter({ hasText: 'Out of date' })).toContainText("The job's records changed since its DEA Form 41 was generated");
    await expect(files.getByRole('table', { name: 'Generated documents' }).getByText('Out of date', { exact: true })).toBeVisible();

    // The late entry changed what the destruction witnesses saw destroyed: their confirmations are void,
    // and the documents wait for them to confirm again.
    await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Lock Job' });
    await expect(dialog.getByText('Destruction Witness 1 and Destruction Witness 2 must confirm again first')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Generate it again once the job is locked' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    const witnesses = page.getByRole('table', { name: 'Witnesses' });
    for (const label of ['Destruction Witness 1', 'Destruction Witness 2']) {
      const row = witnesses.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
      await expect(row).toContainText('Void: What the job lists changed: a line item added, changed or removed');
      // The witness named on the record confirms again, with their own password.
      const name = (await row.getByRole('cell').nth(1).innerText()).trim();
      await row.getByRole('button', { name: 'Confirm again' }).click();
      const confirming = page.getByRole('dialog', { name: `${label} confirms` });
      await confirming.getByLabel("Witness's username").fill(DEMO_WITNESS_USERNAMES[name]!);
      await confirming.getByLabel("Witness's password").fill('demo');
      await confirming.getByRole('button', { name: 'Confirm as witness' }).click();
      await expect(confirming).toBeHidden();
      await expect(row).toContainText('Confirmed in 3DS by');
    }

    await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
    await expect(dialog.getByText('Documents out of date')).toBeVisible();
    const again = dialog.getByRole('checkbox', { name: 'Generate it again once the job is locked' });
    await expect(again).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('relock-out-of-date.png') });
    const generated = page.waitForResponse((r) => r.url().endsWith(`/api/job/${jobId}/documents/form-41`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    expect((await generated).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Unlock Job', exact: true })).toBeVisible();
    const list = files.getByRole('table', { name: 'Generated documents' });
    await expect(list.getByText('Out of date', { exact: true })).toHaveCount(0);
    await expect(list.getByText('Superseded', { exact: true }).first()).toBeVisible();
    await expect(list.getByRole('row').nth(1)).toContainText('Current');
    await expect(files.getByRole('alert').filter({ hasText: 'Out of date' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('relocked-regenerated.png'), fullPage: true });
  });

  test('a viewer (no CREATE_JOB) is offered no document', async ({ page, request }) => {
    const token = await apiToken(request);
    const jobId = await destroyedJob(request, token);
    // Once the company's Report Type has arrived, the admin's actions would be there. (Not
    // 'networkidle': the live change stream keeps a request open for as long as the page is.)
    const company = page.waitForResponse((r) => /\/api\/companies\/\d+$/.test(new URL(r.url()).pathname) && r.ok());
    await openJob(page, jobId, 'viewer');
    // The job has arrived (its cards are drawn), and with it what the viewer may do.
    await expect(page.getByRole('region', { name: 'Job', exact: true })).toBeVisible();
    await company;
    for (const label of ['Form 41 Draft', 'Generate Form 41', 'Certificate of Destruction', 'Documents', 'Job Ready']) {
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
    }
  });
});
