import type { APIRequestContext, Page } from '@playwright/test';
import { arcosField, formatIsoDate, lastCalendarQuarter, todayIso } from '@3ds/domain';
import { api, apiToken, type Json } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * The ARCOS file from the Reports screen: a person picks the period (last quarter by default),
 * presses Download ARCOS, downloads the file from the dialog, and follows the link of an item the
 * file had to leave out. The journey makes its own job: received in the last quarter, with one
 * Schedule II item carrying its Form 222 number and one without.
 */

test.describe.configure({ timeout: 120_000 });

const OUR_DEA_NUMBER = 'RD1234563';

interface ArcosStock {
  jobId: string;
  written: string;
  missing222: string;
  ndc: string;
}

/** Our DEA number in Settings (kept when one is there), and a job of a DEA registration received last quarter. */
async function receivedLastQuarter(request: APIRequestContext): Promise<ArcosStock> {
  const token = await apiToken(request);
  const settings = await api(request, token, 'get', 'settings');
  const ours = (settings.data as { fieldData: Json }[])[0]!.fieldData['DEA Registration Number'];
  if (!ours) await api(request, token, 'patch', 'settings', { fieldData: { 'DEA Registration Number': OUR_DEA_NUMBER } });

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

  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `ARCOS ${Date.now()}` } });
  const jobId = String(job.recordId);
  const received = lastCalendarQuarter(todayIso()).from.replace(/-01$/, '-15');
  await api(request, token, 'patch', `job/${jobId}/destruction-record`, { fieldData: { 'Date Received': formatIsoDate(received) } });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'ARCOS tote' });
  const item = (extra: Json) =>
    api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc, packQuantity: 2, packSize: 100, packSizeUoM: 'U', percentFill: 1, ...extra });
  const written = String((await item({ form222Number: '231456789' })).recordId);
  const missing222 = String((await item({})).recordId);
  return { jobId, written, missing222, ndc };
}

async function openReports(page: Page) {
  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
}

test('Download ARCOS: last quarter by default, the file downloads with 80-character records, and a left-out item links to its line item', async ({ page, request }) => {
  const stock = await receivedLastQuarter(request);
  await openReports(page);

  const quarter = lastCalendarQuarter(todayIso());
  const panel = page.getByRole('region', { name: 'ARCOS file' });
  await expect(panel.getByLabel('From')).toHaveValue(formatIsoDate(quarter.from));
  await expect(panel.getByLabel('To')).toHaveValue(formatIsoDate(quarter.to));

  const call = page.waitForRequest((r) => r.url().endsWith('/3ds/api/reports/arcos'));
  await panel.getByRole('button', { name: 'Download ARCOS' }).click();
  expect((await call).postDataJSON()).toEqual({ from: formatIsoDate(quarter.from), to: formatIsoDate(quarter.to) });

  const fileName = `arcos-${quarter.from.replaceAll('-', '')}-${quarter.to.replaceAll('-', '')}.txt`;
  const dialog = page.getByRole('dialog', { name: 'ARCOS file ready' });
  const link = dialog.getByRole('link', { name: 'Download File' });
  await expect(link).toHaveAttribute('download', fileName);
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  expect(await file.failure()).toBeNull();
  const text = (await (await page.request.get((await link.getAttribute('href'))!)).body()).toString('ascii');
  const records = text.split('\r\n').filter((line) => line !== '');
  expect(records.length).toBeGreaterThan(0);
  for (const record of records) expect(record).toHaveLength(80);

  // Our item's receipt: P, its NDC without hyphens, 2 packages, its Form 222 number.
  const ours = records.find((r) => Number(arcosField(r, 'transactionIdentifier')) === Number(stock.written) && arcosField(r, 'transactionCode') === 'P');
  expect(ours, `a receipt for line item ${stock.written}`).toBeDefined();
  expect(arcosField(ours!, 'ndc')).toBe(stock.ndc.replaceAll('-', ''));
  expect(arcosField(ours!, 'quantity')).toBe('00000002');
  expect(arcosField(ours!, 'orderFormNumber')).toBe('231456789');
  expect(records.some((r) => Number(arcosField(r, 'transactionIdentifier')) === Number(stock.missing222) && arcosField(r, 'transactionCode') === 'P')).toBe(false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The item without its Form 222 number is listed with why, and its link opens it.
  const leftOut = panel.getByRole('table', { name: 'Line items left out of the ARCOS file' });
  const row = leftOut.getByRole('row').filter({ has: page.getByRole('link', { name: stock.missing222, exact: true }) });
  await expect(row).toContainText('Receipt');
  await expect(row).toContainText('receipt without its DEA Form 222 number');
  await expectAccessible(page, 'Reports with the items left out of the ARCOS file');
  await row.getByRole('link', { name: stock.missing222, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/line-item/${stock.missing222}$`));
});

test('a period that ends before it starts is refused on the screen, before anything is sent', async ({ page }) => {
  await openReports(page);
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/3ds/api/reports/arcos')) sent += 1;
  });
  const panel = page.getByRole('region', { name: 'ARCOS file' });
  await panel.getByLabel('From').fill('09/30/2026');
  await panel.getByLabel('To').fill('07/01/2026');
  await panel.getByRole('button', { name: 'Download ARCOS' }).click();
  await expect(panel.getByText('From must not be after To')).toBeVisible();
  await panel.getByLabel('From').fill('13/01/2026');
  await panel.getByRole('button', { name: 'Download ARCOS' }).click();
  await expect(panel.getByText('From must be a real date, written MM/DD/YYYY')).toBeVisible();
  expect(sent).toBe(0);
});
