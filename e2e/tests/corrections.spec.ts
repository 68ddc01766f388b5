import type { APIRequestContext } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';
import { api, apiToken, scheduleTwoStock } from '../support/api.ts';

/**
 * Corrections on the record (docs/dea-paperwork.md "Corrections on the record"): a destroyed job's
 * line item is not edited; a clerk asks for a correction with the value and the reason, and a second
 * person approves it, which applies it. Each journey makes its own job through the API.
 */

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

/** A job received ten days ago and destroyed yesterday, holding one line item of 1 package (the NDC's own, as the server takes it). */
async function destroyedJob(request: APIRequestContext) {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `E2E corrections ${Date.now()}` } });
  const jobId = String(job.recordId);
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'Tote C', netWeight: 2, packageWeight: 1, grossUoM: 'kg' });
  const item = await api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc: ndcs[0], packQuantity: 1, percentFill: 1 });
  await api(request, token, 'patch', `job/${jobId}/destruction-record`, { fieldData: { 'Date Received': day(-10), 'Date Destroyed': day(-1) } });
  return { jobId, itemId: String(item.recordId) };
}

test.describe.configure({ timeout: 90_000 });

test('a clerk asks for a correction of a destroyed line item; a second person approves it, and the record changes', async ({ page, browser, request }) => {
  const { jobId, itemId } = await destroyedJob(request);

  // The clerk: the line item is final, and the screen offers a correction instead of Edit.
  await login(page, 'clerk');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`line-item/${itemId}`);
  const final = page.getByRole('alert').filter({ hasText: `Job ${jobId} is final` });
  await expect(final).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await final.getByRole('button', { name: 'Ask for a Correction' }).click();

  const dialog = page.getByRole('dialog', { name: `Ask for a correction of Line Item ${itemId}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Now: 1')).toBeVisible();
  // Nothing is sent without a reason.
  await dialog.getByLabel('Correct value').fill('3');
  await expect(dialog.getByRole('button', { name: 'Ask for Correction' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Counted again at the incinerator: three bottles, not one');
  // The value the record holds already is refused, with why.
  await dialog.getByLabel('Correct value').fill('1');
  await dialog.getByRole('button', { name: 'Ask for Correction' }).click();
  await expect(dialog.getByRole('alert')).toContainText('there is nothing to correct');
  await dialog.getByLabel('Correct value').fill('3');
  await page.screenshot({ path: test.info().outputPath('correction-ask.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Ask for Correction' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: /Correction \d+ was asked for: Pack Quantity from 1 to 3/ })).toBeVisible();

  const corrections = page.getByRole('region', { name: 'Corrections' });
  await expect(corrections.getByRole('row').nth(1)).toContainText('Waiting for approval');
  await expect(corrections).toContainText('You asked for it: another person approves it.');
  await expect(corrections.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  // Nothing changed yet.
  await expect(page.getByRole('region', { name: 'Quantities' })).toContainText('1');
  await page.screenshot({ path: test.info().outputPath('correction-pending.png'), fullPage: true });

  // A second person, with APPROVE_CORRECTION, approves it with a note.
  const second = await browser.newPage({ baseURL: `${process.env.E2E_BASE_URL}/3ds/` });
  await login(second, 'admin');
  await expect(second.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await second.goto(`line-item/${itemId}`);
  const pending = second.getByRole('region', { name: 'Corrections' });
  await pending.getByRole('button', { name: /^Approve correction \d+$/ }).click();
  const confirm = second.getByRole('dialog', { name: /^Approve correction \d+$/ });
  await expect(confirm).toContainText('Pack Quantity from 1 to 3');
  await confirm.getByLabel('Note (kept with the decision)').fill('Matches the scale ticket');
  await confirm.getByRole('button', { name: 'Approve and Apply' }).click();
  await expect(confirm).toBeHidden();
  await expect(second.getByRole('alert').filter({ hasText: /Correction \d+ was approved and applied: Pack Quantity is now 3/ })).toBeVisible();
  await expect(pending.getByRole('row').nth(1)).toContainText('Applied');
  await expect(pending).toContainText('by admin');
  await expect(pending).toContainText('Matches the scale ticket');
  await expect(second.getByRole('region', { name: 'Quantities' })).toContainText('3');
  await second.screenshot({ path: test.info().outputPath('correction-applied.png'), fullPage: true });

  // The job lists it, with a link to the line item, and offers a correction of its own dates.
  await second.goto(`job/${jobId}`);
  const onJob = second.getByRole('region', { name: 'Corrections' });
  await expect(onJob.getByRole('link', { name: `Line item ${itemId}` })).toBeVisible();
  await expect(onJob).toContainText('Applied');
  await second.getByRole('button', { name: "Ask for a Correction of the Job's Dates" }).click();
  const dates = second.getByRole('dialog', { name: `Ask for a correction of job ${jobId}` });
  await expect(dates.getByText(`Now: ${day(-10)}`)).toBeVisible();
  await dates.getByRole('button', { name: 'Cancel' }).click();
  await onJob.scrollIntoViewIfNeeded();
  await second.screenshot({ path: test.info().outputPath('correction-job.png'), fullPage: true });
  await second.close();
});
