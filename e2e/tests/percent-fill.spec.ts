import { api, apiToken, scheduleTwoStock } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * % Fill above 100 %: the line item form says so beside the field and sends nothing (the server
 * would answer 422: "150" once multiplied the reported quantity by 150); a fill of part of a
 * package is saved. The journey makes its own job, container and line item through the API.
 */

test.describe.configure({ timeout: 90_000 });

test('a fill of 150 % is refused beside % Fill before anything is sent; 40 % is saved', async ({ page, request }) => {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `E2E fill ${Date.now()}` } });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(job.recordId), containerName: `E2E-FILL-${Date.now()}` });
  const item = await api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc: ndcs[0], packQuantity: 1 });
  const id = String(item.recordId);

  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`line-item/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Line Item ${id}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quantities' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: /^Enter Data For / });
  await expect(form.getByLabel('% Fill')).toHaveValue('100%');
  let saved = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes(`/update-line-item/${id}`)) saved += 1;
  });

  await form.getByLabel('% Fill').fill('150');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('% Fill')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('% Fill')).toHaveAccessibleDescription('Percent fill cannot exceed 100%: a package is at most full.');
  await page.screenshot({ path: test.info().outputPath('percent-fill-over.png'), fullPage: true });
  await expectAccessible(page, 'the line item form with % Fill refused');
  expect(saved).toBe(0);

  await form.getByLabel('% Fill').fill('40');
  await expect(form.getByText('Percent fill cannot exceed 100%')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  expect(saved).toBe(1);
  const quantities = page.getByRole('region', { name: 'Quantities' });
  await expect(quantities.locator('dt', { hasText: /^% Fill$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('40.00%');
});
