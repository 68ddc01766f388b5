import type { APIRequestContext, Page } from '@playwright/test';
import { api, apiToken, scheduleTwoStock } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * The home screen, where a day starts after sign-in: jobs near or past their 30-day destruction
 * deadline, what is on hand by schedule, the user's open jobs and containers, and what changed last
 * — each linking to its list or record. At desktop size and on a phone.
 */

test.describe.configure({ timeout: 90_000 });

function usDate(daysFromToday: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

interface Made {
  jobId: string;
  jobName: string;
  containerId: string;
  lineItemId: string;
  lot: string;
}

/**
 * admin's job, received long ago and not destroyed (overdue), with a container of two schedule 2
 * packages. The card shows the ten most overdue jobs, and other journeys leave received jobs behind:
 * each test receives its job further back than any of theirs, so that it is among the ten.
 */
async function overdueJob(request: APIRequestContext, daysAgo: number): Promise<Made> {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const jobName = `Home overdue ${Date.now()}`;
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': jobName } });
  const jobId = String(job.recordId);
  await api(request, token, 'patch', `job/${jobId}/destruction-record`, { fieldData: { 'Date Received': usDate(-daysAgo) } });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'Home tote' });
  const lot = `HOME-${Date.now()}`;
  await api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc: ndcs[0], packQuantity: 1, lotNumber: lot });
  const item = await api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc: ndcs[0], packQuantity: 2, lotNumber: lot });
  return { jobId, jobName, containerId: String(container.recordId), lineItemId: String(item.recordId), lot };
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

async function signIn(page: Page, username = 'admin') {
  await login(page, username);
  await expect(page).toHaveURL(/\/3ds\/home$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

test('after sign-in: what is due, on hand and mine, each linking to its list or record', async ({ page, request }) => {
  const made = await overdueJob(request, 900);
  await signIn(page);

  // Due: the job past its deadline, soonest (most overdue) first, with its clock.
  const due = card(page, 'Due for destruction');
  const dueRow = due.getByRole('link', { name: `Job ${made.jobId} · ${made.jobName}` });
  await expect(dueRow).toBeVisible();
  await expect(due.getByText('870 days overdue').first()).toBeVisible();

  // On hand, schedule 2: the count links to the line items it counts.
  const onHand = card(page, 'On hand by schedule');
  await expect(onHand.getByRole('table', { name: 'On hand by schedule' })).toBeVisible();
  const scheduleTwo = onHand.getByRole('link', { name: /^\d+ line items on hand, Schedule 2$/ });
  const counted = Number(await scheduleTwo.textContent());
  expect(counted).toBeGreaterThanOrEqual(2);

  // Mine: admin's open jobs and containers, and what changed last, each a link to its record. (Latest
  // first: the demo's records are stamped through today's office hours, so a fresh one may follow them.)
  await expect(card(page, 'Your open jobs').getByRole('link', { name: /^Job \d+ · / }).first()).toBeVisible();
  await expect(card(page, 'Your open containers').getByRole('link', { name: /^Container \d+ · / }).first()).toBeVisible();
  await expect(card(page, 'Changed last').getByRole('link', { name: /^(Job|Container|Line Item) \d+$/ })).toHaveCount(8);
  await expectAccessible(page, 'home screen');
  await page.screenshot({ path: test.info().outputPath('home-desktop.png'), fullPage: true });

  // The on-hand count opens the line items of schedule 2 received and not destroyed: ours among them.
  await scheduleTwo.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Line Items' })).toBeVisible();
  await expect(page).toHaveURL(/find=/);
  await expect(page.getByText(/^Find: /)).toContainText('==2');
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ entries/)).toBeVisible();
  const found = Number(/of ([\d,]+) entries/.exec((await page.getByText(/^Showing \d+ to \d+ of \d+ entries/).textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  expect(found).toBeGreaterThanOrEqual(2);
  await page.getByLabel('Quick search').fill(made.lot);
  await page.getByLabel('Quick search').press('Enter');
  await expect(page.getByText('Showing 1 to 2 of 2 entries')).toBeVisible();

  // Back home, the due job opens its screen; "All … jobs due" opens the jobs list's find.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home', exact: true }).click();
  await card(page, 'Due for destruction').getByRole('link', { name: `Job ${made.jobId} · ${made.jobName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Job ${made.jobId}` })).toBeVisible();
  await page.goBack();
  await card(page, 'Due for destruction').getByRole('link', { name: /jobs due/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page).toHaveURL(/Days%20Left|Days\+Left/);

  // "Your open jobs" opens the jobs list with the same find (admin's unlocked jobs, latest first): ours is in it.
  await page.goBack();
  await card(page, 'Your open jobs').getByRole('link', { name: /your open jobs/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page.getByText(/^Find: /)).toContainText('==admin');
  await page.getByLabel('Quick search').fill(made.jobName);
  await page.getByLabel('Quick search').press('Enter');
  await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
  // So is our container in "Your open containers".
  await page.goto('home');
  await card(page, 'Your open containers').getByRole('link', { name: /your open containers/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Containers' })).toBeVisible();
  await page.getByLabel('Quick search').fill(made.containerId);
  await page.getByLabel('Quick search').press('Enter');
  await expect(page.getByRole('link', { name: `View record ${made.containerId}` })).toBeVisible();
});

test('a change elsewhere shows on the home screen without a reload', async ({ page, request }) => {
  // The screen follows changes once its stream of them is open.
  const streaming = page.waitForResponse((response) => response.url().includes('/3ds/api/events'));
  await signIn(page);
  await streaming;
  await expect(card(page, 'Changed last').getByRole('link').first()).toBeVisible();
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads += 1;
  });
  // Someone receives a job years ago: it is due (long overdue) at once.
  const made = await overdueJob(request, 950);
  await expect(card(page, 'Due for destruction').getByRole('link', { name: `Job ${made.jobId} · ${made.jobName}` })).toBeVisible({ timeout: 5000 });
  expect(reloads).toBe(0);
});

test('a user with nothing of their own is told so', async ({ page }) => {
  await signIn(page, 'viewer');
  await expect(card(page, 'Your open jobs')).toContainText('No open job of yours.');
  await expect(card(page, 'Your open containers')).toContainText('No open container of yours.');
  await expectAccessible(page, 'home screen of a user with nothing of their own');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cards stand one under the other, the on-hand table within its card', async ({ page, request }) => {
    const made = await overdueJob(request, 980);
    await signIn(page);
    const due = card(page, 'Due for destruction');
    await expect(due.getByRole('link', { name: `Job ${made.jobId} · ${made.jobName}` })).toBeVisible();
    const boxes = await Promise.all(['Due for destruction', 'On hand by schedule', 'Your open jobs', 'Your open containers', 'Changed last'].map((title) => card(page, title).boundingBox()));
    for (const box of boxes) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y);
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'home screen on a phone');
    await page.screenshot({ path: test.info().outputPath('home-phone.png'), fullPage: true });
  });
});
