import type { Locator, Page } from '@playwright/test';
import { api, apiToken, scheduleTwoStock } from '../support/api.ts';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures.ts';

/**
 * A whole line-item entry with the keyboard alone — sign in, add a line item to a container, fill
 * its form and save — as someone with a scanner in one hand and no mouse does it. Nothing here
 * clicks: focus moves with Tab, choices with the arrow keys, actions with Enter.
 */

test.describe.configure({ timeout: 90_000 });

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user does. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('a line item entered without the mouse: sign-in, Add Line Item, NDC, form, save', async ({ page, request }) => {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const ndc = ndcs[0]!;
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `Keyboard ${Date.now()}` } });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(job.recordId), containerName: 'Keyboard tote' });
  const containerId = String(container.recordId);

  // Sign in: the username has the focus on arrival.
  await page.goto('./');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // The container, as a bookmark or a scanned label would open it.
  await page.goto(`container/${containerId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Container ${containerId}` })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Add Line Item' }));
  await page.keyboard.press('Enter');

  // The NDC: type, arrow to the option, Enter; then Tab to OK and Enter.
  const pick = page.getByRole('dialog', { name: 'Select an NDC Number' });
  await expect(pick.getByRole('combobox', { name: 'NDC Number' })).toBeFocused();
  await page.keyboard.type(ndc);
  const option = page.getByRole('option', { name: new RegExp(`^${ndc} — `) });
  await expect(option).toBeVisible();
  // The search for the whole NDC has answered (an earlier one, for what was typed so far, may
  // have shown the option first): a person reads the list once it stops changing.
  await expect(pick.getByText(/^\d+ found/)).toBeVisible();
  await expect(pick.getByLabel('Searching')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  // The arrow marks the option (the combobox's active descendant); Enter chooses it.
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(pick.getByRole('button', { name: 'OK' })).toBeEnabled();
  await tabTo(page, pick.getByRole('button', { name: 'OK' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/3ds\/line-item\/\d+$/);
  const id = /\/line-item\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: `Line Item ${id}` })).toBeVisible();

  // Its form: Edit, then the fields in order, then Enter saves.
  await tabTo(page, page.getByRole('link', { name: 'Edit', exact: true }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: `Enter Data For ${ndc}` });
  await expect(form.getByLabel('Source Number')).toBeFocused();
  await page.keyboard.type('RA-4242');
  await tabTo(page, form.getByRole('combobox', { name: 'Source', exact: true }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByLabel('Lot Number'));
  await page.keyboard.type('KB-LOT-7');
  await tabTo(page, form.getByLabel('Pack Qty'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();

  // Saved: the screen and the record say so.
  await expect(page.getByRole('region', { name: 'Job and Container' }).or(page.getByRole('region', { name: 'NDC Info' })).first()).toBeVisible();
  const saved = await api(request, token, 'get', `line-item/${id}`);
  const fields = (saved.data as { fieldData: Record<string, unknown> }[])[0]!.fieldData;
  expect(fields).toMatchObject({ 'Source Number': 'RA-4242', 'Lot Number': 'KB-LOT-7', 'Pack Quantity': 3, 'NDC Number': ndc });
  expect(String(fields.Source)).not.toBe('');
});
