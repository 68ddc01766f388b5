import { expect, login, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ entries$/);

async function counts(page: Page) {
  const text = (await showing(page).textContent()) ?? '';
  const [, from, to, of] = /Showing (\d+) to (\d+) of (\d+) entries/.exec(text) ?? [];
  return { from: Number(from), to: Number(to), of: Number(of) };
}

test.describe('list screens', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Companies', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    // The counts the journeys compare with are read once the list has arrived.
    await expect(showing(page)).toHaveText(/^Showing \d+ to \d+ of \d+ entries/);
  });

  test('every list screen shows its title, columns and footer', async ({ page }) => {
    const lists = [
      ['Registrations', 'Registrations', ['Number', 'Company Name', 'Expiration', 'Federal/State']],
      ['Jobs', 'Jobs', ['Company Name', 'Transferred', 'Witness 1']],
      ['Containers', 'Containers', ['Gross Weight', 'Gross UoM']],
      ['Line Items', 'Line Items', ['NDC Number', '% Fill', 'Form 222#']],
      ['Yellow Bucket', 'Yellow Bucket Containers', ['Pkg Wt', 'Net Wt']],
      ['Yellow Bucket Line Items', 'Yellow Bucket Line Items', ['Job Name', 'Pk Size']],
      ['Dictionary', 'NDC Dictionary', ['Trade Name', 'Drug Code', 'Bulk Powder', 'Trade Pack']],
      ['Companies', 'Companies', ['Address 1', 'Modified']],
    ] as const;
    for (const [link, title, columns] of lists) {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      for (const column of columns) {
        const escaped = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        await expect(page.getByRole('button', { name: new RegExp(`^${escaped} (Not sorted|Sorted)`) }).first()).toBeVisible();
      }
      await expect(showing(page)).toBeVisible();
    }
    // No eye links on the dictionary.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dictionary', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'NDC Dictionary' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^View record/ })).toHaveCount(0);
  });

  test('a first page shows the rows in view at once and every row of the page soon after, all of them selectable', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Line Items', exact: true }).click();
    await expect(showing(page)).toHaveText(/^Showing 1 to 50 of \d+ entries$/);
    // The page keeps its length: fifty rows, the ones below the view drawn once the person pauses.
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(page.getByRole('link', { name: /^View record / })).toHaveCount(50);
    const last = page.getByRole('link', { name: /^View record / }).last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeVisible();
    // Every record of the page is selected by "select all", drawn or not.
    await page.goto('line-items');
    // Once the page's records are there: "select all" of a page still loading has nothing to select.
    await expect(showing(page)).toHaveText(/^Showing 1 to 50 of \d+ entries$/);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByRole('region', { name: 'Selection' })).toContainText('50 line items selected');
  });

  test('quick search finds, re-runs when cleared, and warns when nothing matches', async ({ page }) => {
    const all = await counts(page);
    await page.getByLabel('Quick search').fill('pharmacy');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page).toHaveURL(/q=pharmacy/);
    await expect.poll(async () => (await counts(page)).of).toBeLessThan(all.of);
    const found = await counts(page);
    expect(found.of).toBeGreaterThan(0);
    expect(found.of).toBeLessThan(all.of);
    await page.getByLabel('Quick search').fill('zzzznothing');
    await page.getByLabel('Quick search').press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'No records match the request' })).toBeVisible();
    await expect(page.getByText('No records found')).toBeVisible();
    // Clearing the box with Backspace runs the search again.
    await page.getByLabel('Quick search').selectText();
    await page.getByLabel('Quick search').press('Backspace');
    await expect.poll(async () => (await counts(page)).of).toBe(all.of);
  });

  test('advanced search with an omit request; the button turns green; Cancel clears', async ({ page }) => {
    const all = await counts(page);
    await page.getByRole('button', { name: 'Advanced Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Advanced Search' });
    await dialog.getByRole('button', { name: 'Add Request' }).click();
    await dialog.getByLabel('Request 1').fill('State:OH');
    await dialog.getByLabel('Request 1').press('Enter');
    await dialog.getByLabel('Request 1').fill('State:MD');
    await dialog.getByLabel('Request 1').press('Escape');
    await expect(dialog).toBeVisible(); // Escape in a tag input does not close the modal
    await dialog.getByLabel('Request 1').fill('');
    await dialog.getByRole('button', { name: 'Add Request' }).click();
    await dialog.getByLabel('Request 2').fill('city:columbus');
    await dialog.getByLabel('Request 2').press('Enter');
    await dialog.getByRole('checkbox', { name: 'Omit' }).nth(1).check();
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/find=/);
    // The address changes at once; the footer and rows once the found set has arrived.
    await expect.poll(async () => (await counts(page)).of).toBeLessThan(all.of);
    const found = await counts(page);
    const cities = await page.getByRole('row').allInnerTexts();
    expect(cities.join('\n')).not.toMatch(/Columbus/);
    // Compare with the API's answer for the same find.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const criteria = JSON.stringify([{ criteria: { State: 'OH' } }, { omit: true, criteria: { City: 'columbus' } }]);
    const api = await page.request.get(`/3ds/api/companies?searchCriteria=${encodeURIComponent(criteria)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(found.of).toBe((await api.json()).dataInfo.foundCount);
    // The state survives a reload.
    await page.reload();
    await expect.poll(async () => (await counts(page)).of).toBe(found.of);
    await page.getByRole('button', { name: 'Advanced Search' }).click();
    await page.getByRole('dialog', { name: 'Advanced Search' }).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await counts(page)).of).toBe(all.of);
  });

  test('a field:value with two colons is refused in the modal', async ({ page }) => {
    await page.getByRole('button', { name: 'Advanced Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Advanced Search' });
    await dialog.getByRole('button', { name: 'Add Request' }).click();
    await dialog.getByLabel('Request 1').fill('City:a:b');
    await dialog.getByLabel('Request 1').press('Enter');
    await expect(dialog.getByText(/exactly one colon/)).toBeVisible();
  });

  test('sorting by a column header, paging, page size, and back/forward', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Line Items', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Line Items' })).toBeVisible();
    await expect(showing(page)).toHaveText(/^Showing 1 to 50 of \d+ entries$/);
    await page.getByLabel('Page size').selectOption('25');
    await expect(showing(page)).toHaveText(/^Showing 1 to 25 of/);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(showing(page)).toHaveText(/^Showing 26 to 50 of/);
    await expect(page).toHaveURL(/page=2/);
    const firstEye = page.getByRole('link', { name: /^View record/ }).first();
    await page.getByRole('button', { name: /^ID (Not sorted|Sorted)/ }).click();
    await expect(page).toHaveURL(/sort=/);
    await expect(showing(page)).toHaveText(/^Showing 1 to 25 of/);
    await expect(page.getByRole('button', { name: /^ID Sorted ascending/ })).toBeVisible();
    await expect(firstEye).toHaveAttribute('aria-label', 'View record 1');
    await page.getByRole('button', { name: /^ID Sorted/ }).click();
    await expect(page.getByRole('button', { name: /^ID Sorted descending/ })).toBeVisible();
    await expect(firstEye).not.toHaveAttribute('aria-label', 'View record 1');
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(async () => {
      const last = await counts(page);
      return last.to === last.of && last.from > 1;
    }).toBe(true);
    await page.goBack();
    await expect(showing(page)).toHaveText(/^Showing 1 to 25 of/);
    await page.reload();
    await expect(page.getByLabel('Page size')).toHaveValue('25');
  });

  test('export to Excel and PDF with the confirmation, then download the files', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Registrations', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    await expect(page.getByText('You are about to export all related line items. Are you sure?')).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    const ready = page.getByRole('dialog', { name: 'Export ready' });
    await expect(ready).toBeVisible({ timeout: 20_000 });
    const xlsxLink = ready.getByRole('link', { name: 'Download File' });
    await expect(xlsxLink).toHaveAttribute('download', 'export.xlsx');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), xlsxLink.click()]);
    expect(xlsx.suggestedFilename()).toBe('export.xlsx');
    await ready.getByRole('button', { name: 'Close' }).click();

    // With a find, no confirmation: straight to the file.
    await expect(showing(page)).toHaveText(/^Showing 1 to \d+ of \d+/);
    const wholeList = await showing(page).textContent();
    await page.getByLabel('Quick search').fill('pharmacy');
    await page.getByRole('button', { name: 'Go' }).click();
    // The find has applied (in the address and on screen: the footer counts the found set) before
    // the export is asked for: an export asked for sooner is of the whole list, which asks for
    // confirmation. The address alone is not enough: it changes before the screen has re-rendered.
    await expect(page).toHaveURL(/pharmacy/i);
    await expect(showing(page)).not.toHaveText(wholeList ?? '');
    await expect(showing(page)).toHaveText(/^Showing 1 to \d+ of \d+/);
    await page.getByRole('button', { name: 'Save as PDF' }).click();
    await expect(page.getByText('You are about to export all related line items. Are you sure?')).toHaveCount(0);
    const pdfReady = page.getByRole('dialog', { name: 'Export ready' });
    await expect(pdfReady).toBeVisible({ timeout: 20_000 });
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfReady.getByRole('link', { name: 'Download File' }).click()]);
    expect(pdf.suggestedFilename()).toBe('export.pdf');
    const path = await pdf.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path!)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the eye link opens the record and Back to list returns to the same page', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jobs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(showing(page)).toHaveText(/^Showing 1 to 50 of/);
    const eye = page.getByRole('link', { name: /^View record/ }).first();
    const firstOnPage1 = (await eye.getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(showing(page)).toHaveText(/^Showing 51 to/);
    // The footer follows the address at once; the rows of page 1 stay until page 2 has arrived.
    await expect(eye).not.toHaveAttribute('aria-label', firstOnPage1);
    const label = (await eye.getAttribute('aria-label')) ?? '';
    const id = /View record (\d+)/.exec(label)?.[1];
    // Click the link read above by its name: the list may re-render between reading and clicking.
    await page.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/3ds/job/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Job ${id}` })).toBeVisible();
  });
});

test.describe('routes without a screen of their own', () => {
  test('job-edit opens the job view; a dictionary entry shows its fields', async ({ page }) => {
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto('job/1/edit');
    await expect(page).toHaveURL(/\/3ds\/job\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Job 1/ })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const list = await page.request.get('/3ds/api/dictionaries?limit=1', { headers: { authorization: `Bearer ${token}` } });
    const entry = (await list.json()).data[0] as { recordId: string; fieldData: Record<string, string> };
    await page.goto(`dictionary/${entry.recordId}`);
    await expect(page.getByRole('heading', { level: 1, name: `NDC Dictionary Entry ${entry.fieldData['NDC Code LU']}` })).toBeVisible();
    await expect(page.getByText(entry.fieldData['Trade Name Final LU']!).first()).toBeVisible();
  });
});
