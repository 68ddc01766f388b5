import type { Page } from '@playwright/test';
import { apiToken } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * Wide lists and phones: the Line Items list's columns chosen by the user (kept on the server for
 * them, per list), its identifying columns kept in view while the table scrolls sideways, and at
 * phone width the rows as cards.
 */

test.describe.configure({ timeout: 90_000 });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const header = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label} (Not sorted|Sorted)`) });

async function openLineItems(page: Page, username: string) {
  await login(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 20_000 });
  // On a phone the sidebar opens from its button.
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  await sidebar(page).getByRole('link', { name: 'Line Items', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Line Items' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ entries/)).toBeVisible();
}

/** The user's choice on the server, as another browser would read it. */
async function keptHidden(page: Page, username: string, entity: string): Promise<string[]> {
  const token = await apiToken(page.request, username);
  const response = await page.request.get(`api/list-columns/${entity}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { hidden: string[] }).hidden;
}

test('the column chooser hides and shows columns, kept for the user on the server; the identifying ones always show', async ({ page, browser, baseURL }) => {
  // clerk's own choice: the journey starts from every column shown and ends there.
  await openLineItems(page, 'clerk');
  await expect(header(page, 'Strength')).toBeVisible();
  await page.getByRole('button', { name: /^Columns/ }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns of Line Items' });
  await expect(chooser).toBeVisible();
  await expectAccessible(page, 'Line Items column chooser');
  await page.screenshot({ path: test.info().outputPath('column-chooser.png') });
  // The identifying columns cannot be hidden.
  await expect(chooser.getByRole('checkbox', { name: 'NDC Number' })).toBeDisabled();
  await expect(chooser.getByRole('checkbox', { name: 'ID', exact: true })).toBeChecked();
  await chooser.getByRole('checkbox', { name: 'Strength' }).uncheck();
  await chooser.getByRole('checkbox', { name: 'CWF#' }).uncheck();
  await expect(header(page, 'Strength')).toHaveCount(0);
  await expect(header(page, 'CWF#')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Columns (2 hidden)' })).toBeVisible();
  await expect.poll(() => keptHidden(page, 'clerk', 'line-items')).toEqual(['Strength', 'CWF Form Number']);
  await page.keyboard.press('Escape');

  // Another browser, another sign-in: the same columns.
  const other = await browser.newContext({ baseURL, viewport: { width: 1366, height: 820 } });
  const second = await other.newPage();
  await openLineItems(second, 'clerk');
  await expect(header(second, 'NDC Number')).toBeVisible();
  await expect(header(second, 'Strength')).toHaveCount(0);
  await expect(header(second, 'CWF#')).toHaveCount(0);
  await other.close();
  // Another user's list is theirs: admin still sees every column.
  expect(await keptHidden(page, 'admin', 'line-items')).toEqual([]);

  // Show all again.
  await page.getByRole('button', { name: 'Columns (2 hidden)' }).click();
  await chooser.getByRole('button', { name: 'Show all' }).click();
  await expect(header(page, 'Strength')).toBeVisible();
  await expect.poll(() => keptHidden(page, 'clerk', 'line-items')).toEqual([]);
});

test('the identifying columns stay in view while the table scrolls sideways', async ({ page }) => {
  await openLineItems(page, 'admin');
  const id = header(page, 'ID');
  const ndc = header(page, 'NDC Number');
  const created = header(page, 'Created');
  const before = { id: await id.boundingBox(), ndc: await ndc.boundingBox() };
  // Scroll the table to its far right (29 columns do not fit).
  await page.locator('.mantine-datatable').first().evaluate((table) => {
    const scroller = [...table.querySelectorAll<HTMLElement>('*')].find((el) => el.scrollWidth > el.clientWidth + 50 && getComputedStyle(el).overflowX !== 'visible');
    scroller?.scrollBy({ left: 5000 });
  });
  await expect(created).toBeInViewport();
  const after = { id: await id.boundingBox(), ndc: await ndc.boundingBox() };
  expect(after.id?.x).toBe(before.id?.x);
  expect(after.ndc?.x).toBe(before.ndc?.x);
  await expect(id).toBeInViewport();
  await expect(ndc).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('line-items-scrolled.png') });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('list rows are cards, with a sort select and the selection of the bulk actions', async ({ page }) => {
    await openLineItems(page, 'admin');
    const cards = page.getByRole('list', { name: 'Line Items on this page' });
    await expect(cards.getByRole('listitem')).toHaveCount(50);
    await expect(page.locator('.mantine-datatable')).toHaveCount(0);
    const first = cards.getByRole('listitem').first();
    await expect(first).toContainText(/^ID \d+ · \d{5}-\d{4}-\d{2}/);
    await expect(first.getByRole('link', { name: /^View record ID \d+/ })).toBeVisible();
    await expectAccessible(page, 'Line Items as cards on a phone');
    await page.screenshot({ path: test.info().outputPath('line-items-phone.png') });

    // Sorting without column headers.
    await page.getByLabel('Sort by').selectOption({ label: 'Sort by ID' });
    await expect(page).toHaveURL(/sort=.*%22id%22.*ascend/);
    await page.getByRole('button', { name: /Sorted ascending; sort descending/ }).click();
    await expect(page).toHaveURL(/descend/);
    await expect(cards.getByRole('listitem').first()).not.toContainText(/^ID 1 ·/);

    // Ticking cards brings up the bulk actions, as ticking rows does.
    await first.getByRole('checkbox').check();
    await expect(page.getByText(/^1 line item selected/)).toBeVisible();

    // The other lists too, and their quick find.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await sidebar(page).getByRole('link', { name: 'Companies', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Companies on this page' }).getByRole('listitem').first()).toContainText(/^ID \d+ · /);
  });
});
