import type { APIRequestContext, Page } from '@playwright/test';
import { arcosField, arcosPeriodText, formatIsoDate, recentArcosPeriods, todayIso } from '@3ds/domain';
import { api, apiToken, receivedOn, type Json } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, login, test, untilStill } from '../support/fixtures.ts';

/**
 * The records our registration keeps, from the screens: the ARCOS report of the last quarter made,
 * downloaded, listed among the kept reports and downloaded again from there, an item it had to leave
 * out followed to its line item; an inventory taken and its PDF and Excel downloaded from the list;
 * the On Hand screen finding what is on hand. Each journey makes its own job: received in the last
 * quarter, one Schedule II item with its Form 222 number and one without.
 */

test.describe.configure({ timeout: 150_000 });

interface Stock {
  jobId: string;
  written: string;
  /** The register's Form 222 the written item was received on. */
  formNumber: string;
  missing222: string;
  ndc: string;
  jobName: string;
  containerId: string;
}

/** A job of a DEA registration received in the middle of the last full quarter, with two Schedule II items. */
async function receivedLastQuarter(request: APIRequestContext): Promise<Stock> {
  const token = await apiToken(request);
  const registrations = await api(request, token, 'get', 'registrations', undefined, {
    searchCriteria: JSON.stringify([{ criteria: { 'Schedule 2': 'Yes', 'Expiration Date': '>//', 'Federal/State License': 'Federal' } }]),
    limit: '1',
  });
  const registrationId = (registrations.data as { recordId: string }[])[0]!.recordId;
  const entries = await api(request, token, 'get', 'dictionaries', undefined, {
    searchCriteria: JSON.stringify([
      { criteria: { 'CSA Schedule LU': '==2', 'Trade Packages': 'Yes' } },
      { omit: true, criteria: { 'Removed From ARCOS': '1' } },
    ]),
    limit: '1',
  });
  const ndc = String((entries.data as { fieldData: Json }[])[0]!.fieldData['NDC Code LU']);
  const jobName = `Kept records ${Date.now()}`;
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': jobName } });
  const jobId = String(job.recordId);
  const quarter = recentArcosPeriods('quarterly', todayIso(), 1)[0]!;
  await api(request, token, 'patch', `job/${jobId}/destruction-record`, { fieldData: { 'Date Received': formatIsoDate(quarter.start.replace(/-01$/, '-15')) } });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'Kept records tote' });
  const item = (extra: Json) =>
    api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc, packQuantity: 2, percentFill: 1, ...extra });
  const form = await receivedOn(request, token, String(container.recordId), ndc);
  const written = String((await item(form)).recordId);
  const missing222 = String((await item({})).recordId);
  return { jobId, written, missing222, ndc, jobName, containerId: String(container.recordId), formNumber: form.form222Number };
}

async function openReports(page: Page) {
  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
}

test('the ARCOS report of the last quarter: made, downloaded, kept and listed with its link, a left-out item linking to its line item', async ({ page, request }) => {
  const stock = await receivedLastQuarter(request);
  await openReports(page);

  const quarter = recentArcosPeriods('quarterly', todayIso(), 1)[0]!;
  const panel = page.getByRole('region', { name: 'ARCOS reports' });
  await expect(panel.getByRole('combobox', { name: 'Period' })).toHaveValue(arcosPeriodText(quarter));

  const call = page.waitForRequest((r) => r.url().endsWith('/3ds/api/reports/arcos') && r.method() === 'POST');
  const again = panel.getByRole('button', { name: 'Make again' });
  if (await again.isVisible()) {
    // A retry of this journey: the report of the quarter exists; making it again asks first.
    await again.click();
    const confirm = page.getByRole('dialog', { name: /^Make the .* report again\?$/ });
    await confirm.getByRole('button', { name: 'Make again' }).click();
  } else {
    await panel.getByRole('button', { name: 'Make ARCOS report' }).click();
  }
  expect((await call).postDataJSON()).toEqual({ period: quarter.label });

  const fileName = `arcos-${quarter.label}.txt`;
  const dialog = page.getByRole('dialog', { name: 'ARCOS report ready' });
  const link = dialog.getByRole('link', { name: 'Download File' });
  await expect(link).toHaveAttribute('download', fileName);
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  expect(await file.failure()).toBeNull();
  const text = (await (await page.request.get((await link.getAttribute('href'))!)).body()).toString('ascii');
  const records = text.split('\r\n').filter((line) => line !== '');
  for (const record of records) expect(record).toHaveLength(80);
  // The control record first: our number, *, the quarter's last month as MMYY.
  expect(records[0]!.slice(9, 14)).toBe(`*${quarter.end.slice(5, 7)}${quarter.end.slice(2, 4)}`);
  const ours = records.find((r) => Number(arcosField(r, 'transactionIdentifier')) === Number(stock.written) && arcosField(r, 'transactionCode') === 'P');
  expect(ours, `a receipt for line item ${stock.written}`).toBeDefined();
  expect(arcosField(ours!, 'ndc')).toBe(stock.ndc.replaceAll('-', ''));
  expect(arcosField(ours!, 'quantity')).toBe('00000002');
  expect(arcosField(ours!, 'orderFormNumber')).toBe(stock.formNumber);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Kept: listed newest first with its period, who made it, and a link that downloads it again.
  const kept = panel.getByRole('table', { name: 'Kept reports' });
  const row = kept.getByRole('row').nth(1);
  await expect(row).toContainText(arcosPeriodText(quarter));
  await expect(row).toContainText('admin');
  await expect(row).toContainText('In force');
  await expect(row).toContainText('Matches the records');
  const keptLink = row.getByRole('link', { name: new RegExp(`^Download ${fileName}`) });
  const again2 = page.waitForEvent('download');
  await keptLink.click();
  expect((await again2).suggestedFilename()).toBe(fileName);
  expect((await (await page.request.get((await keptLink.getAttribute('href'))!)).body()).toString('ascii')).toBe(text);

  // The item without its Form 222 number is listed with why, and its link opens it.
  const leftOut = panel.getByRole('table', { name: 'Line items left out of the ARCOS report' });
  const skipped = leftOut.getByRole('row').filter({ has: page.getByRole('link', { name: stock.missing222, exact: true }) });
  await expect(skipped).toContainText('receipt without its DEA Form 222 number');
  await expectAccessible(page, 'Reports with a kept ARCOS report and the items left out of it');
  await skipped.getByRole('link', { name: stock.missing222, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/line-item/${stock.missing222}$`));

  // A late entry in the reported quarter: the kept report no longer says what the records say, and
  // says which report will carry the correction.
  const token = await apiToken(request);
  await api(request, token, 'post', 'line-item/new', {
    containerId: Number(stock.containerId),
    ndc: stock.ndc,
    packQuantity: 1,
    percentFill: 1,
    ...(await receivedOn(request, token, stock.containerId, stock.ndc)),
  });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
  const lateRow = page.getByRole('region', { name: 'ARCOS reports' }).getByRole('table', { name: 'Kept reports' }).getByRole('row').nth(1);
  await expect(lateRow).toContainText(/Out of date: 1 correction for the .* report/);
  await lateRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('arcos-out-of-date.png') });
});

test('an inventory taken as of now: its PDF downloads, and it is listed with its PDF and Excel', async ({ page, request }) => {
  const stock = await receivedLastQuarter(request);
  await openReports(page);
  const panel = page.getByRole('region', { name: 'Inventory' });
  const asOf = panel.getByRole('textbox', { name: 'As of' });
  await asOf.fill('13/45/2026 09:00');
  await panel.getByRole('button', { name: 'Take inventory' }).click();
  await expect(panel.getByText('As of must be a real date and time, written MM/DD/YYYY HH:MM (24-hour)')).toBeVisible();
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const moment = `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
  await asOf.fill(moment);
  await panel.getByRole('button', { name: 'Take inventory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inventory taken' });
  const link = dialog.getByRole('link', { name: 'Download File' });
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toMatch(/^inventory-\d{8}-\d{4}\.pdf$/);
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const row = panel.getByRole('table', { name: 'Inventories taken' }).getByRole('row').filter({ hasText: moment }).first();
  await expect(row).toContainText('admin');
  const excel = await page.request.get((await row.getByRole('link', { name: `Inventory as of ${moment}, Excel` }).getAttribute('href'))!);
  expect(excel.headers()['content-type']).toContain('spreadsheetml');
  expect((await page.request.get((await row.getByRole('link', { name: `Inventory as of ${moment}, PDF` }).getAttribute('href'))!)).ok()).toBe(true);
  await expect(row).not.toContainText('Reconstructed');
  // It keeps what it counted: it matches the records, until they change.
  await expect(row).toContainText('Matches the records');
  const token = await apiToken(request);
  const late = await api(request, token, 'post', 'line-item/new', {
    containerId: Number(stock.containerId),
    ndc: stock.ndc,
    packQuantity: 1,
    percentFill: 1,
    ...(await receivedOn(request, token, stock.containerId, stock.ndc)),
  });
  await page.reload();
  const outOfDate = panel.getByRole('table', { name: 'Inventories taken' }).getByRole('row').filter({ hasText: moment }).first();
  await expect(outOfDate).toContainText(/Out of date: \d+ differences?/);
  await outOfDate.getByRole('button', { name: `Show the differences of the inventory as of ${moment}` }).click();
  const differences = page.getByRole('dialog', { name: `Inventory as of ${moment} against the records now` });
  await expect(differences.getByRole('table', { name: 'On hand then, not counted' }).getByRole('link', { name: String(late.recordId), exact: true })).toBeVisible();
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('inventory-differences.png') });
  await differences.getByRole('button', { name: 'Close' }).click();

  // One as of a moment a year ago counts nothing: it is listed as reconstructed from today's records.
  const past = `${pad(now.getMonth() + 1)}/${pad(Math.min(now.getDate(), 28))}/${now.getFullYear() - 1} 18:00`;
  await asOf.fill(past);
  await panel.getByRole('button', { name: 'Take inventory' }).click();
  await page.getByRole('dialog', { name: 'Inventory taken' }).getByRole('button', { name: 'Close' }).click();
  const today = `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;
  const reconstructed = panel.getByRole('table', { name: 'Inventories taken' }).getByRole('row').filter({ hasText: past }).first();
  await expect(reconstructed).toContainText(`Reconstructed from the records on ${today}: not a count taken at that moment`);
  await page.screenshot({ path: test.info().outputPath('inventory-reconstructed.png'), fullPage: true });
  await expectAccessible(page, 'Reports with an inventory taken');
});

test('On Hand: what was received and not destroyed, found by its job, with the days left', async ({ page, request }) => {
  const stock = await receivedLastQuarter(request);
  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'On Hand', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'On Hand' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Quick find' }).fill(stock.jobName);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(/on-hand\?q=Kept/);
  const table = page.getByRole('table', { name: 'Line items on hand' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: stock.written, exact: true }) });
  await expect(row).toContainText(stock.ndc);
  await expect(row).toContainText('days overdue');
  await expect(page.getByRole('status').filter({ hasText: /^2 found of \d+ on hand$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'By schedule and drug code' }).getByRole('button', { name: /^\d{4} · 2: Schedule 2, 2 line items/ })).toBeVisible();
  await expectAccessible(page, 'On Hand found');
  await row.getByRole('link', { name: stock.written, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/line-item/${stock.written}$`));
});

test('Accountability of a drug code over a year: the four figures, and the same per NDC in packages and units, each balancing', async ({ page }) => {
  await openReports(page);
  const panel = page.getByRole('region', { name: 'Accountability' });
  const year = Number(todayIso().slice(0, 4)) - 1;
  await panel.getByRole('textbox', { name: 'From' }).fill(`01/01/${year}`);
  await panel.getByRole('textbox', { name: 'To' }).fill(`12/31/${year}`);
  await panel.getByRole('textbox', { name: 'Drug Code' }).fill('9143');
  await panel.getByRole('button', { name: 'Account' }).click();
  await expect(panel.getByRole('group', { name: `Accountability of drug code 9143, 01/01/${year} to 12/31/${year}` })).toBeVisible();
  const byNdc = panel.getByRole('table', { name: 'By NDC, in packages and units' });
  await expect(byNdc).toBeVisible();
  const rows = byNdc.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(byNdc.getByRole('columnheader', { name: '= Closing on hand' })).toBeVisible();
  await expect(byNdc.getByText('Does not balance')).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('pkg');
  await expect(byNdc.getByText(/ dosage units$/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('accountability-by-ndc.png'), fullPage: true });
});
