import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';
import { api, apiToken, receivedOn, scheduleTwoStock } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { BUSY_SCREEN_BUDGET_MS, judgeMachine, readMachine } from '../support/screen-timing.ts';

/**
 * Many hands on one job: two people signed in at once, each in a browser context of their own —
 * what one changes appears on the other's open screen without a reload, a form being edited says
 * who changed its record instead of overwriting it — and bulk actions on a selection or a found set.
 */

interface Stock {
  token: string;
  registrationId: string;
  ndc: string;
}

let sequence = 0;

async function stock(request: APIRequestContext): Promise<Stock> {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  return { token, registrationId, ndc: ndcs[0]! };
}

async function jobWithContainers(request: APIRequestContext, s: Stock, containers: number) {
  sequence += 1;
  const job = await api(request, s.token, 'post', 'job', {
    fieldData: { _fkRegistration_Record_Number: Number(s.registrationId), 'Job Name': `E2E many hands ${Date.now()}-${sequence}` },
  });
  const jobId = String(job.recordId);
  const containerIds: string[] = [];
  for (let i = 0; i < containers; i += 1) {
    const created = await api(request, s.token, 'post', 'container/new', { jobId: Number(jobId), containerName: `E2E-MH-${sequence}-${i}` });
    containerIds.push(String(created.recordId));
  }
  return { jobId, containerIds };
}

/** The executed Form 222 each job's items are received on, by container (one form a container). */
const forms = new Map<string, { form222Number: string; form222Line: number }>();

async function addLineItem(request: APIRequestContext, s: Stock, containerId: string, lotNumber: string): Promise<string> {
  if (!forms.has(containerId)) forms.set(containerId, await receivedOn(request, s.token, containerId, s.ndc));
  const created = await api(request, s.token, 'post', 'line-item/new', {
    containerId: Number(containerId),
    ndc: s.ndc,
    packQuantity: 1,
    lotNumber,
    source: 'Pharmacy',
    cause: 'Expired',
    // Received on its Form 222: complete, so it can be locked.
    ...forms.get(containerId)!,
  });
  return String(created.recordId);
}

/** A second person: a browser context of their own, signed in. */
async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: `${process.env.E2E_BASE_URL}/3ds/` });
  const page = await context.newPage();
  await login(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  return page;
}

async function openContainer(page: Page, id: string) {
  await page.goto(`container/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Container ${id}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
}

test.describe.configure({ timeout: 60_000 });

test('a container locked by one person shows locked on another person\'s open view without a reload', async ({ page, browser, request }) => {
  const s = await stock(request);
  const { containerIds } = await jobWithContainers(request, s, 1);
  const id = containerIds[0]!;
  await addLineItem(request, s, id, 'LOT-LIVE');

  // The viewer watches the container; admin locks it in a browser of their own.
  const viewer = await signedIn(browser, 'viewer');
  await openContainer(viewer, id);
  await expect(viewer.getByRole('img', { name: 'Unlocked' })).toBeVisible();
  let reloads = 0;
  viewer.on('framenavigated', (frame) => {
    if (frame === viewer.mainFrame()) reloads += 1;
  });

  // A line item added by someone else appears in the viewer's open table.
  const table = viewer.getByRole('region', { name: 'Line Items' }).getByRole('table');
  await expect(table.getByRole('link', { name: /^View line item \d+$/ })).toHaveCount(1);
  const added = await addLineItem(request, s, id, 'LOT-LIVE-2');
  await expect(table.getByRole('link', { name: `View line item ${added}` })).toBeVisible({ timeout: 3000 });

  await login(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await openContainer(page, id);
  await page.getByRole('button', { name: 'Lock container' }).click();
  // The viewer's screen is watched every 20 ms from before the lock is sent.
  const shownLocked = viewer.waitForFunction(() => document.querySelectorAll('[role="img"][aria-label="Unlocked"]').length === 0, null, { polling: 20, timeout: 5000 });
  const answered = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.endsWith(`/api/container/lock/${id}`));
  await page.getByRole('dialog', { name: 'Lock Container' }).getByRole('button', { name: 'Yes' }).click();
  expect((await answered).ok()).toBe(true);
  const lockedAt = Date.now();

  // Within a second, on the viewer's screen: the container and its line items show locked.
  await shownLocked;
  const after = Date.now() - lockedAt;
  // A second on an idle machine; on a busy or slow one the looser bound the screens are held to,
  // which still fails on a change that never arrives or arrives only with a poll.
  const machine = judgeMachine([readMachine()]);
  const bound = machine.idle ? 1000 : BUSY_SCREEN_BUDGET_MS;
  console.log(`live update: the lock showed on the other person's open container view ${after} ms after the lock was answered (bound ${bound} ms, ${machine.description})`);
  expect(after).toBeLessThan(bound);
  await expect(table.getByRole('img', { name: 'Locked' })).toHaveCount(2);
  expect(reloads).toBe(0);
  await viewer.context().close();
});

test('a form being edited says who changed its record, and Reload starts it again from the change', async ({ browser, request }) => {
  const s = await stock(request);
  const { containerIds } = await jobWithContainers(request, s, 1);
  const itemId = await addLineItem(request, s, containerIds[0]!, 'LOT-FORM');

  const clerk = await signedIn(browser, 'clerk');
  await clerk.goto(`line-item/${itemId}`);
  await expect(clerk.getByRole('region', { name: 'NDC Info' })).toBeVisible();
  await clerk.getByRole('link', { name: 'Edit', exact: true }).click();
  const form = clerk.getByRole('dialog', { name: /^Enter Data For / });
  await expect(form.getByLabel('Lot Number')).toHaveValue('LOT-FORM');
  await form.getByLabel('Lot Number').fill('LOT-CLERK');

  // Meanwhile admin changes the same line item.
  const record = await api(request, s.token, 'get', `line-item/${itemId}`);
  const modId = String((record.data as { modId: string }[])[0]!.modId);
  await api(request, s.token, 'patch', `line-item/${itemId}`, { fieldData: { 'Lot Number': 'LOT-ADMIN' }, modId });

  const notice = form.getByRole('alert').filter({ hasText: 'Changed by admin just now — reload' });
  await expect(notice).toBeVisible({ timeout: 3000 });
  // What the clerk typed is still there: nothing was overwritten either way.
  await expect(form.getByLabel('Lot Number')).toHaveValue('LOT-CLERK');
  await expectAccessible(clerk, 'line item form with the changed-by notice');
  await clerk.screenshot({ path: 'artifacts/screens/changed-by-notice.png' });

  // Saving the stale form is refused; Reload takes the change in.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/changed by someone else/i).first()).toBeVisible();
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(form.getByLabel('Lot Number')).toHaveValue('LOT-ADMIN');
  await expect(notice).toBeHidden();
  await form.getByLabel('Lot Number').fill('LOT-BOTH');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const saved = await api(request, s.token, 'get', `line-item/${itemId}`);
  expect((saved.data as { fieldData: Record<string, unknown> }[])[0]!.fieldData['Lot Number']).toBe('LOT-BOTH');
  await clerk.context().close();
});

test('bulk lock of a found set: select all N found, confirm the count, and read what was refused', async ({ page, request }) => {
  const s = await stock(request);
  const { containerIds } = await jobWithContainers(request, s, 2);
  const lot = `BULK${Date.now()}`;
  const ids: string[] = [];
  for (let i = 0; i < 8; i += 1) ids.push(await addLineItem(request, s, containerIds[0]!, lot));
  for (let i = 0; i < 4; i += 1) ids.push(await addLineItem(request, s, containerIds[1]!, lot));
  // The second container is locked already: its four line items cannot be locked on their own.
  await api(request, s.token, 'patch', `container/lock/${containerIds[1]}`);

  await login(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`line-items?q=${lot}&size=10`);
  const footer = page.getByText(/^Showing \d+ to \d+ of \d+ entries$/);
  await expect(footer).toHaveText('Showing 1 to 10 of 12 entries');

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText('10 line items selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Select all 12 found' }).click();
  await expect(bar.getByText('All 12 line items found are selected')).toBeVisible();
  await page.screenshot({ path: 'artifacts/screens/list-selection.png' });
  await expectAccessible(page, 'line items list with a selection');

  await bar.getByRole('button', { name: 'Lock', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Lock 12 line items' });
  await expect(confirm.getByText('Lock 12 line items?')).toBeVisible();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/line-items/bulk'));
  await confirm.getByRole('button', { name: 'Yes' }).click();
  expect((await sent).postDataJSON()).toEqual({ action: 'lock', find: { quickFindCriteria: lot } });

  const summary = page.getByRole('dialog', { name: 'Lock 12 line items: what was done' });
  await expect(summary.getByText('8 locked, 4 refused:')).toBeVisible();
  // The confirmation, still closing as the summary opens, keeps its name until it is gone.
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"]')].filter((dialog) => {
      const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
      return !title?.textContent?.trim();
    }).length,
  );
  expect(unnamed, 'dialogs on screen without a name').toBe(0);
  await expect(summary.getByRole('listitem')).toHaveCount(4);
  await expect(summary.getByRole('link', { name: `Line item ${ids[8]}` })).toBeVisible();
  await expectAccessible(page, 'bulk summary dialog');
  await page.screenshot({ path: 'artifacts/screens/bulk-summary.png' });
  await summary.getByRole('button', { name: 'OK' }).click();

  // The list shows all twelve locked now, and the selection is gone.
  await expect(page.getByRole('region', { name: 'Selection' })).toBeHidden();
  const locked = await api(request, s.token, 'get', 'line-items', undefined, {
    searchCriteria: JSON.stringify([{ omit: false, criteria: { 'Lot Number': `==${lot}`, 'Locked Container Line Item': 'Yes' } }]),
  });
  expect((locked.dataInfo as { foundCount: number }).foundCount).toBe(12);
});

test('a container\'s line items: pick two and move them to another container of the job', async ({ page, request }) => {
  const s = await stock(request);
  const { containerIds } = await jobWithContainers(request, s, 2);
  const [from, to] = [containerIds[0]!, containerIds[1]!];
  const ids = [await addLineItem(request, s, from, 'LOT-MOVE'), await addLineItem(request, s, from, 'LOT-MOVE'), await addLineItem(request, s, from, 'LOT-MOVE')];

  await login(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await openContainer(page, from);
  const card = page.getByRole('region', { name: 'Line Items' });
  await card.getByRole('checkbox', { name: `Select line item ${ids[0]}` }).check();
  await card.getByRole('checkbox', { name: `Select line item ${ids[2]}` }).check();
  const bar = card.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText('2 line items selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Move…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Move 2 line items' });
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await expectAccessible(page, 'bulk move dialog');
  await dialog.getByLabel('Destination Container').fill(to);
  await page.getByRole('option', { name: new RegExp(`^${to} — `) }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: '2 moved.' })).toBeVisible();
  await expect(card.getByRole('link', { name: /^View line item \d+$/ })).toHaveCount(1);
  await expect(card.getByRole('link', { name: `View line item ${ids[1]}` })).toBeVisible();
});
