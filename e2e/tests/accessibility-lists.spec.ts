import type { Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/config/paths.ts';
import { LIST_SCREENS, scanDialog, scanScreen, scanSummary } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * The list screens and their dialogs, scanned with axe-core in Chromium: no serious or critical
 * violation of WCAG 2.1 A/AA (the other screens: `accessibility.spec.ts`). A list is scanned at ten
 * rows a page: its rows are drawn alike, so fifty would scan the same markup five times over.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function signIn(page: Page) {
  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

test.afterAll(() => {
  console.info(scanSummary());
});

test('the lists, their advanced search and export dialogs', async ({ page }) => {
  await signIn(page);
  for (const [route, heading] of LIST_SCREENS) {
    await scanScreen(page, `screen ${route}`, `${ROUTES[route].slice(1)}?size=10`, heading);
    await expect(page.getByText(/^Showing 1 to ([1-9]|10) of \d+ entries$/)).toBeVisible();
  }
  await scanDialog(page, 'Advanced Search', () => page.getByRole('button', { name: 'Advanced Search' }).click());
  await scanDialog(page, 'Export to Excel', () => page.getByRole('button', { name: 'Export to Excel' }).click(), (d) => d.getByRole('button', { name: 'No' }).click());
});

test('the column chooser of a list and the New Job dialog of the jobs list', async ({ page }) => {
  await signIn(page);
  await page.goto('line-items?size=10');
  await expect(page.getByRole('heading', { level: 1, name: 'Line Items' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await scanDialog(page, 'Columns of Line Items', () => page.getByRole('button', { name: /^Columns/ }).click());
  await page.goto('jobs?size=10');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await scanDialog(page, 'New Job', () => page.getByRole('button', { name: 'New Job' }).click());
});
