import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';
import { BUSY_SCREEN_BUDGET_MS, SCREEN_BUDGET_MS, SCREEN_LIMIT_MS, judgeMachine, readMachine, shown, timeScreen, timingTable, type ScreenTiming } from '../support/screen-timing.ts';

/**
 * The first minute, on the demo data: signed in, a person goes through every screen of the sidebar
 * and opens a record of each list. Each screen is timed from the click to its content (a list's
 * first rows and its footer, a record's heading and first card), on the first visit (its code is
 * loaded too) and again. The budget is SCREEN_BUDGET_MS (300 ms) on an idle machine: the run prints
 * how many screens met it, and fails a screen slower than SCREEN_LIMIT_MS (1 s). The file runs after
 * every other journey (its own project), so in the suite the machine is as idle as it gets; whether
 * it was is measured before and after (`readMachine`: the processor share this process gets and the
 * processor's pace), and on a machine busy with other work, or whose processor runs at a fraction of
 * its pace, the screens are held to BUSY_SCREEN_BUDGET_MS (3 s) instead.
 */

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const footer = (page: Page) => page.getByText(/^Showing \d+ to \d+ of [\d,]+ entries$/);
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const eyes = (page: Page) => page.getByRole('link', { name: /^View record / });

/** The sidebar's lists: the link, the screen's title and where its records' eye links go. */
const LISTS: { link: string; title: string; detail?: string; record?: RegExp }[] = [
  { link: 'Companies', title: 'Companies', detail: '/3ds/company/', record: /^Company \d+/ },
  { link: 'Registrations', title: 'Registrations', detail: '/3ds/registration/', record: /^Registration / },
  { link: 'Jobs', title: 'Jobs', detail: '/3ds/job/', record: /^Job \d+/ },
  { link: 'Containers', title: 'Containers', detail: '/3ds/container/', record: /^Container \d+/ },
  { link: 'Line Items', title: 'Line Items', detail: '/3ds/line-item/', record: /^Line Item \d+/ },
  { link: 'Yellow Bucket', title: 'Yellow Bucket Containers', detail: '/3ds/yb-container/', record: /^Yellow Bucket Container \d+/ },
  { link: 'Yellow Bucket Line Items', title: 'Yellow Bucket Line Items', detail: '/3ds/yb-line-item/', record: /^Yellow Bucket Line Item \d+/ },
  { link: 'Dictionary', title: 'NDC Dictionary' },
];

const OTHERS: { link: string; content: (page: Page) => Locator }[] = [
  { link: 'Reports', content: (page) => page.getByRole('button', { name: 'Download Excel' }) },
  { link: 'Users', content: (page) => page.getByRole('cell', { name: 'clerk', exact: true }) },
  { link: 'Settings', content: (page) => page.getByLabel('Registered Name') },
];

/**
 * The list is there: its title, rows that are its own (their eye links go to its records) and the
 * footer. Waited for on every animation frame (`shown`); the rows' links are checked once it is.
 */
async function listShown(page: Page, list: (typeof LISTS)[number]) {
  await shown(heading(page, list.title));
  if (list.detail) await shown(page.locator(`a[href^="${list.detail}"]`).first());
  else await shown(page.getByRole('cell', { name: /^\d{5}-\d{4}-/ }).first());
  await shown(footer(page));
}

/** The record is there: its heading and its first card. */
async function recordShown(page: Page, name: RegExp) {
  await shown(heading(page, name));
  await shown(page.getByRole('main').getByRole('region').first());
}

test('every screen of the sidebar, and a record of each list, answers within the budget', async ({ page }) => {
  const timings: ScreenTiming[] = [];
  const readings = [readMachine()];
  await login(page);
  await expect(nav(page)).toBeVisible({ timeout: 30_000 });
  // The person reads the day's home screen first: its panels have arrived before the first click.
  await expect(heading(page, 'Home')).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);

  for (const visit of ['first', 'again'] as const) {
    for (const list of LISTS) {
      const link = nav(page).getByRole('link', { name: list.link, exact: true });
      timings.push(await timeScreen(list.link, visit, () => link.click(), () => listShown(page, list)));
      if (list.detail) await expect(eyes(page).first()).toHaveAttribute('href', new RegExp(`^${list.detail}\\d+`));
      if (!list.record) continue;
      timings.push(await timeScreen(`${list.link}: a record`, visit, () => eyes(page).first().click(), () => recordShown(page, list.record!)));
    }
    for (const other of OTHERS) {
      timings.push(await timeScreen(other.link, visit, () => nav(page).getByRole('link', { name: other.link, exact: true }).click(), other.content(page)));
    }
  }

  readings.push(readMachine());
  const { idle, description: machine } = judgeMachine(readings);
  const limit = idle ? SCREEN_LIMIT_MS : BUSY_SCREEN_BUDGET_MS;
  const met = timings.filter((t) => t.ms <= SCREEN_BUDGET_MS).length;
  console.info(
    `Screens, click to content (${machine}; budget ${SCREEN_BUDGET_MS} ms, met by ${met} of ${timings.length}; limit ${limit} ms)       first     again\n${timingTable(timings)}`,
  );
  test.info().annotations.push({ type: 'machine', description: machine }, { type: 'budget', description: `${met} of ${timings.length} screens within ${SCREEN_BUDGET_MS} ms` });
  for (const timing of timings) expect.soft(timing.ms, `${timing.screen} (${timing.visit} visit, ${machine})`).toBeLessThanOrEqual(limit);
});
