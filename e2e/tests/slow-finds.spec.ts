import type { Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * A find nobody waits for any more is cancelled by the browser, so the server stops it in the
 * database (docs/performance.md, "How reads share the database"); a find the server stopped for
 * taking too long says so, and how to narrow it, instead of spinning for ever.
 */

test.describe.configure({ timeout: 90_000 });

async function openCompanies(page: Page) {
  await login(page);
  await page.goto('companies');
  await expect(page.getByRole('link', { name: /^View record / }).first()).toBeVisible({ timeout: 20_000 });
}

test('a find replaced by another before it answers is cancelled in the browser, and the new one is shown', async ({ page }) => {
  // What the web app aborts, as it aborts it: the address of every request whose signal fires. (The
  // browser's own "request failed" event for a request held by a route can come only once the route
  // lets it go, which made this journey wait on the browser's bookkeeping rather than on the app.)
  await page.addInitScript(() => {
    const seen = window as unknown as { __aborted: string[] };
    seen.__aborted = [];
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      init?.signal?.addEventListener('abort', () => seen.__aborted.push(url));
      return original(input, init);
    };
  });
  const abortedFinds = () =>
    page.evaluate(() => (window as unknown as { __aborted: string[] }).__aborted.map((u) => new URL(u, location.href).searchParams.get('quickFindCriteria')));
  await openCompanies(page);
  // The first find takes as long as an expensive find can: it is held until the test ends.
  let heldSeen!: () => void;
  const held = new Promise<void>((resolve) => (heldSeen = resolve));
  await page.route(
    (url) => url.pathname === '/3ds/api/companies' && url.searchParams.get('quickFindCriteria') === '*slow',
    async (route) => {
      heldSeen();
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      await route.continue().catch(() => undefined);
    },
  );
  await page.getByLabel('Quick search').fill('*slow');
  await page.getByLabel('Quick search').press('Enter');
  await held;
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  expect(await abortedFinds()).not.toContain('*slow');

  // The person changes their mind before it answers.
  await page.getByLabel('Quick search').fill('pharmacy');
  await page.getByLabel('Quick search').press('Enter');
  await expect.poll(abortedFinds).toContain('*slow');
  await expect(page).toHaveURL(/q=pharmacy/);
  await expect(page.getByRole('link', { name: /^View record / }).first()).toBeVisible();
  await expect(page.getByRole('table')).toContainText(/pharmacy/i);
});

test('a find the server stopped for taking too long says so and how to narrow it', async ({ page }) => {
  await openCompanies(page);
  // What the server answers a find that ran past FIND_TIME_LIMIT_SECONDS (records/read-turns.ts).
  await page.route(
    (url) => url.pathname === '/3ds/api/companies' && url.searchParams.get('quickFindCriteria') === '*a*',
    (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          title: 'Find Too Slow',
          code: 'FIND_TOO_SLOW',
          message:
            'This find took longer than 5 seconds and was stopped. Narrow it: add another field or a longer word, begin words with their first letters rather than a * or @, or search a smaller date range.',
        }),
      }),
  );
  await page.getByLabel('Quick search').fill('*a*');
  await page.getByLabel('Quick search').press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'took longer than 5 seconds and was stopped' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('begin words with their first letters rather than a * or @');
  await expect(page.getByText('This find took too long and was stopped. Narrow it and try again.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeHidden();
  await page.screenshot({ path: 'test-results/find-too-slow.png' });
});
