import type { APIRequestContext, Page } from '@playwright/test';
import { api, apiToken } from '../support/api.ts';
import { expect, login, test } from '../support/fixtures.ts';
import { shot } from '../support/shots.ts';

/**
 * Forms tell people what is wrong where it is wrong: required fields are marked, each error shows
 * beside its field (an error about two fields outlines both), and what was typed stays as typed — a
 * negative number is refused, never saved as a positive one.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function newJob(request: APIRequestContext): Promise<{ id: string; token: string }> {
  const token = await apiToken(request);
  const registrations = await api(request, token, 'get', 'registrations', undefined, {
    searchCriteria: JSON.stringify([{ omit: false, criteria: { 'Expiration Date': '>//', 'Federal Agency': 'Drug Enforcement' } }]),
    limit: '1',
  });
  const registration = (registrations.data as { recordId: string }[])[0]!;
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registration.recordId), 'Job Name': `E2E forms ${Date.now()}` } });
  return { id: String(job.recordId), token };
}

async function openJob(page: Page, id: string) {
  await login(page);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
  await page.goto(`job/${id}`);
  await expect(page.getByRole('region', { name: 'Job', exact: true })).toBeVisible({ timeout: 30_000 });
}

test('the login marks its fields required', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAttribute('required', '');
  await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
});

test('an empty New Container says "Invalid Form" in the form, every field outlined; a negative weight stays as typed and is refused beside it', async ({ page, request }) => {
  const job = await newJob(request);
  await openJob(page, job.id);
  await page.getByRole('button', { name: 'Container', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Container' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Invalid Form' })).toContainText('Fill in at least one field');
  for (const label of ['Container Name', 'Pallet', 'Package Weight', 'Net Weight']) {
    await expect(dialog.getByRole('textbox', { name: label })).toHaveAttribute('aria-invalid', 'true');
  }
  await shot(page, 'new-container-invalid-form');

  let created = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/3ds/api/container/new')) created = true;
  });
  const net = dialog.getByRole('textbox', { name: 'Net Weight' });
  await net.fill('-5');
  await dialog.getByRole('textbox', { name: 'Container Name' }).fill('E2E tote');
  // Typing anything takes the "Invalid Form" away.
  await expect(dialog.getByRole('alert').filter({ hasText: 'Invalid Form' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(net).toHaveValue('-5');
  await expect(net).toHaveAccessibleDescription('Net Weight must be a number between 0 and 1,000,000');
  expect(created).toBe(false);
  await shot(page, 'new-container-negative-weight');

  await net.fill('5');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/container\/\d+/);
});

test('the destruction record outlines both dates of a date-order rule, the message beside the later one', async ({ page, request }) => {
  const job = await newJob(request);
  await openJob(page, job.id);
  await page.getByRole('region', { name: 'Destruction Record' }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Destruction Record of Job ${job.id}` });
  await dialog.getByRole('textbox', { name: 'Date Received' }).fill('03/10/2025');
  await dialog.getByRole('textbox', { name: 'Date Destroyed' }).fill('03/01/2025');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Date Destroyed' })).toHaveAccessibleDescription('Date Destroyed cannot be before Date Received');
  await expect(dialog.getByRole('textbox', { name: 'Date Received' })).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'destruction-record-date-order');
  // Fixed, both clear as it is typed.
  await dialog.getByRole('textbox', { name: 'Date Destroyed' }).fill('03/12/2025');
  await expect(dialog.getByRole('textbox', { name: 'Date Received' })).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
});

test('the accountability period outlines From and To when it ends before it starts, the message beside To', async ({ page }) => {
  await login(page);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Accountability' });
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/3ds/api/reports/accountability')) asked = true;
  });
  await panel.getByRole('textbox', { name: 'From' }).fill('09/30/2026');
  await panel.getByRole('textbox', { name: 'To' }).fill('07/01/2026');
  await panel.getByRole('textbox', { name: 'Drug Code' }).fill('9143');
  await panel.getByRole('button', { name: 'Account' }).click();
  await expect(panel.getByRole('textbox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('textbox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('textbox', { name: 'To' })).toHaveAccessibleDescription(/From must not be after To/);
  expect(asked).toBe(false);
});

test('on a phone, the New Container form and its errors fit the screen', async ({ page, request }) => {
  const job = await newJob(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await expect(page.getByLabel('Username')).toHaveCount(0, { timeout: 30_000 });
  await page.goto(`job/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Job ${job.id}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Container', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Container' });
  await dialog.getByRole('textbox', { name: 'Package Weight' }).fill('-1');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Package Weight' })).toHaveAttribute('aria-invalid', 'true');
  const box = await dialog.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await shot(page, 'new-container-phone');
});
