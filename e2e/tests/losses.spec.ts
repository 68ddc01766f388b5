import { expect, login, test, untilStill } from '../support/fixtures.ts';
import { apiToken, shortShipment } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';

/**
 * Losses reported on time (docs/dea-paperwork.md "Losses reported on time"): a supervisor resolves a
 * short line of a job's reconciliation as a theft, which opens a loss with its two deadlines; the home
 * screen lists it; the supervisor records the written notice and the Form 106 (refused without its
 * number), prints the Form 106 worksheet, and the losses list shows both deadlines done.
 */

test.describe.configure({ timeout: 120_000 });

const usDate = (date: Date) => new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(date);

test('a theft found at intake opens a loss whose deadlines are followed to the Form 106', async ({ page, request }) => {
  const token = await apiToken(request);
  const { jobId, ndc } = await shortShipment(request, token, 4, 3);

  await login(page);
  await page.goto(`job/${jobId}`);
  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  const row = reconciliation.getByRole('table', { name: 'Declared against received' }).getByRole('row').filter({ hasText: ndc });
  await expect(row).toContainText('Short');
  await row.getByRole('button', { name: /^Resolve / }).click();
  const resolve = page.getByRole('dialog', { name: /^Resolve / });
  await resolve.getByRole('radio', { name: 'Theft' }).check();
  await expect(resolve.getByText(/within one business day of its discovery, and on DEA Form 106 within 45 days/)).toBeVisible();
  await resolve.getByLabel('Note').fill('Tote seal cut; one bottle missing');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve).toBeHidden();
  await expect(page.getByText(/resolved: Theft\. Loss \d+ is opened with its deadlines/)).toBeVisible();

  // The loss, from its line.
  await row.getByRole('link', { name: /^Loss \d+$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Loss \d+$/ })).toBeVisible();
  const lossId = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Loss ', '').trim();
  const deadlines = page.getByRole('region', { name: 'Deadlines' });
  await expect(deadlines).toContainText('Written notice to DEA');
  await expect(deadlines.getByText(/^(Due|Due today)$/).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Circumstances' })).toContainText('Tote seal cut; one bottle missing');
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('loss-open.png'), fullPage: true });
  await expectAccessible(page, 'a loss with its deadlines open');

  // The home screen lists it while a report is still to do.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home', exact: true }).click();
  const card = page.getByRole('region', { name: 'Losses to report' });
  await expect(card.getByRole('link', { name: new RegExp(`^Loss ${lossId} · `) })).toBeVisible();
  await untilStill(page);
  await card.screenshot({ path: test.info().outputPath('home-losses.png') });
  await card.getByRole('link', { name: new RegExp(`^Loss ${lossId} · `) }).click();

  // The reports: a Form 106 day without its number is refused; with it, both deadlines are done.
  const today = usDate(new Date());
  await page.getByRole('button', { name: 'Record Reports' }).click();
  const dialog = page.getByRole('dialog', { name: `Record the Reports of Loss ${lossId}` });
  await dialog.getByLabel('Written notice sent to DEA on').fill(today);
  await dialog.getByLabel('Form 106 filed on').fill(today);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the Form 106 number DEA gave when it was filed.')).toBeVisible();
  await dialog.getByLabel('Form 106 number').fill('TLR-E2E-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(deadlines).toContainText(`Sent ${today}`);
  await expect(deadlines).toContainText(`Filed ${today}, number TLR-E2E-1`);
  await expect(deadlines.getByText('Done', { exact: true })).toHaveCount(2);

  // The worksheet.
  await page.getByRole('button', { name: 'Form 106 Worksheet' }).click();
  const ready = page.getByRole('dialog', { name: 'Worksheet ready' });
  await expect(ready.getByText(`loss-${lossId}-form-106-worksheet.pdf`)).toBeVisible();
  const href = await ready.getByRole('link', { name: /Download/ }).getAttribute('href');
  const pdf = await request.get(new URL(href!, page.url()).toString());
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await ready.getByRole('button', { name: 'Close' }).click();

  // The list: found by its item, both deadlines done.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Losses', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Losses' })).toBeVisible();
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: `View record ${lossId}` }) });
  await expect(listed).toContainText(`Done ${today}`);
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('losses-list.png') });
});
