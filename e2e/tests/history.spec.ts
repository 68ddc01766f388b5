import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';
import { api, apiToken, receivedOn, scheduleTwoStock, type Json } from '../support/api.ts';

/**
 * The History panel of the job, container and line item screens: who changed what and when,
 * newest first. Every test makes its own job, containers and line items through the API and then
 * changes them on the screens, as a person does; the empty state reads a demo record nothing has
 * changed (the demo data is loaded without audit rows).
 */

interface Setup {
  token: string;
  registrationId: string;
  /** A schedule 2 trade-package NDC to fill containers with. */
  ndc: string;
}

let cached: Omit<Setup, 'token'> | undefined;

/** A current registration whose schedules include 2, and a schedule 2 NDC it may hold. */
async function setup(request: APIRequestContext): Promise<Setup> {
  const token = await apiToken(request);
  if (cached) return { ...cached, token };
  const stock = await scheduleTwoStock(request, token, 1);
  cached = { registrationId: stock.registrationId, ndc: stock.ndcs[0]! };
  return { ...cached, token };
}

let sequence = 0;

async function createJob(request: APIRequestContext, s: Setup): Promise<{ id: string; name: string }> {
  sequence += 1;
  const name = `E2E history ${Date.now()}-${sequence}`;
  const created = await api(request, s.token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(s.registrationId), 'Job Name': name } });
  return { id: String(created.recordId), name };
}

type ContainerPath = 'container' | 'yb-container';

async function createContainer(request: APIRequestContext, s: Setup, path: ContainerPath, jobId: string): Promise<string> {
  sequence += 1;
  const created = await api(request, s.token, 'post', `${path}/new`, {
    jobId: Number(jobId),
    containerName: `E2E-HIST-${sequence}`,
    pallet: 'PLT-E2E',
    packageWeight: 1.5,
    netWeight: 10,
    grossUoM: 'kg',
  });
  return String(created.recordId);
}

async function createLineItem(request: APIRequestContext, s: Setup, path: 'line-item' | 'yb-line-item', containerId: string): Promise<string> {
  const created = await api(request, s.token, 'post', `${path}/new`, {
    containerId: Number(containerId),
    ndc: s.ndc,
    packQuantity: 2,
    lotNumber: 'LOT-E2E',
    source: 'Pharmacy',
    cause: 'Expired',
    // Received on its Form 222: complete, so its container can be locked.
    ...(await receivedOn(request, s.token, containerId, s.ndc, path === 'yb-line-item')),
  });
  return String(created.recordId);
}

/** Signs in and opens a record's screen once its first card has arrived. */
async function openRecord(page: Page, path: string, heading: string, card: string, username = 'admin') {
  await login(page, username);
  // Password hashing is deliberately slow; a busy machine needs a little longer than the default.
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 20_000 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: card, exact: true })).toBeVisible({ timeout: 20_000 });
}

const historyPanel = (page: Page) => page.getByRole('region', { name: 'History', exact: true });

/** Opens the History panel (closed at first) and returns it. */
async function openHistory(page: Page): Promise<Locator> {
  const panel = historyPanel(page);
  const toggle = panel.getByRole('button', { name: 'History', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return panel;
}

/** The panel's entries, newest first (each entry's own field changes are a list inside it). */
const entriesOf = (panel: Locator) => panel.getByRole('list', { name: 'History entries' }).locator(':scope > [role="listitem"]');

/** A time as the app shows timestamps, in the browser's own time zone: MM/DD/YYYY HH:MM:SS. */
function shownTime(page: Page, iso: string): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, iso);
}

interface Expected {
  summary: string;
  username: string;
  /** Exactly the field changes the entry lists, in order; left out for a creation (it lists what the record started with). */
  changes?: string[];
}

/**
 * One entry says what happened, who did it and when (an instant since `since`, shown as a local
 * timestamp), and lists its field changes as "Field: before → after".
 */
async function expectEntry(page: Page, entry: Locator, expected: Expected, since: number) {
  await expect(entry.getByText(expected.summary, { exact: true })).toBeVisible();
  const time = entry.locator('time');
  const at = await time.getAttribute('datetime');
  expect(at, 'the entry has a machine-readable time').not.toBeNull();
  const instant = Date.parse(at!);
  // The server's clock and the test's are the same machine's; a second either side is rounding.
  expect(instant).toBeGreaterThanOrEqual(since - 1_000);
  expect(instant).toBeLessThanOrEqual(Date.now() + 1_000);
  await expect(time.locator('xpath=..')).toHaveText(`${await shownTime(page, at!)} · ${expected.username}`);
  if (expected.changes) await expect(entry.getByRole('listitem')).toHaveText(expected.changes);
}

/** Keeps a picture of the opened panel with the test's output, for a person to look at. */
async function keepPicture(panel: Locator, name: string) {
  await panel.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled' });
}

test.describe('History panel', () => {
  // Each test first makes its job, containers and line items through the API.
  test.describe.configure({ timeout: 60_000 });

  test('a container lists its edit, lock and unlock newest first, with who, when and what changed', async ({ page, request }) => {
    const since = Date.now();
    const s = await setup(request);
    const job = await createJob(request, s);
    const id = await createContainer(request, s, 'container', job.id);
    await openRecord(page, `container/${id}`, `Container ${id}`, 'Summary');

    // Edit the net weight: the gross weight follows it.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit Container ${id}` })).toBeVisible();
    await page.getByLabel('Net Weight').fill('12.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/3ds/container/${id}$`));
    await expect(page.getByRole('region', { name: 'Weights' }).getByText('14 kg')).toBeVisible();

    // Lock it, then unlock it.
    await page.getByRole('button', { name: 'Lock container' }).click();
    await page.getByRole('dialog', { name: 'Lock Container' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('button', { name: 'Unlock container' })).toBeVisible();
    await page.getByRole('button', { name: 'Unlock container' }).click();
    await page.getByRole('dialog', { name: 'Unlock Container' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('button', { name: 'Lock container' })).toBeVisible();

    const panel = await openHistory(page);
    const entries = entriesOf(panel);
    // The three changes, newest first, after the creation the API made.
    await expect(entries).toHaveCount(4);
    await expectEntry(page, entries.nth(0), { summary: 'Unlocked', username: 'admin', changes: ['Locked: Yes → No'] }, since);
    await expectEntry(page, entries.nth(1), { summary: 'Locked', username: 'admin', changes: ['Locked: No → Yes'] }, since);
    await expectEntry(page, entries.nth(2), { summary: 'Edited', username: 'admin', changes: ['Net Weight: 10 → 12.5', 'Gross Weight: 11.5 → 14'] }, since);
    await expectEntry(page, entries.nth(3), { summary: 'Created', username: 'admin' }, since);
    // A creation lists the first few fields it started with, and the rest on request.
    const created = entries.nth(3);
    await expect(created.getByRole('listitem').filter({ hasText: /^Net Weight: 10$/ })).toHaveCount(0);
    await created.getByRole('button', { name: /^Show all \d+ fields$/ }).click();
    await expect(created.getByRole('listitem').filter({ hasText: /^Net Weight: 10$/ })).toBeVisible();
    await expect(created.getByRole('button', { name: /^Show all/ })).toHaveCount(0);
    await expect(panel.getByText('4 of 4 entries')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    await keepPicture(panel, 'container-history');

    // Closing hides the entries; opening again shows them at once.
    await panel.getByRole('button', { name: 'History', exact: true }).click();
    await expect(entries.first()).toBeHidden();
    await panel.getByRole('button', { name: 'History', exact: true }).click();
    await expect(entries).toHaveCount(4);
    await expect(entries.first()).toBeVisible();
  });

  for (const kind of [
    { name: 'line item', path: 'line-item', container: 'container', heading: 'Line Item' },
    { name: 'Yellow Bucket line item', path: 'yb-line-item', container: 'yb-container', heading: 'Yellow Bucket Line Item' },
  ] as const) {
    test(`a ${kind.name} lists its edit with the old and new quantity, and its container's lock`, async ({ page, request }) => {
      const since = Date.now();
      const s = await setup(request);
      const job = await createJob(request, s);
      const containerId = await createContainer(request, s, kind.container, job.id);
      const id = await createLineItem(request, s, kind.path, containerId);
      await openRecord(page, `${kind.path}/${id}`, `${kind.heading} ${id}`, 'NDC Info');

      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      const form = page.getByRole('dialog', { name: /^Enter Data For / });
      await expect(form.getByLabel('Pack Qty')).toHaveValue('2');
      await form.getByLabel('Pack Qty').fill('5');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${kind.path}/${id}$`));

      const panel = await openHistory(page);
      const entries = entriesOf(panel);
      await expect(entries).toHaveCount(2);
      await expectEntry(page, entries.nth(0), { summary: 'Edited', username: 'admin' }, since);
      // The field the person changed comes first, then the figures worked out from it.
      await expect(entries.nth(0).getByRole('listitem').first()).toHaveText('Pack Qty: 2 → 5');
      await expect(entries.nth(0).getByRole('listitem').filter({ hasText: /^Reporting Qty: \d+ → \d+$/ })).toBeVisible();
      await expectEntry(page, entries.nth(1), { summary: 'Created', username: 'admin' }, since);
      await keepPicture(panel, `${kind.path}-history`);

      // Someone locks its container meanwhile: the line item's history shows that lock too, newest.
      await api(request, s.token, 'patch', `${kind.container}/lock/${containerId}`);
      await page.reload();
      const reopened = await openHistory(page);
      await expect(entriesOf(reopened)).toHaveCount(3);
      await expectEntry(page, entriesOf(reopened).nth(0), { summary: `Locked with container ${containerId}`, username: 'admin', changes: ['Locked: No → Yes'] }, since);
    });
  }

  test('a job lists its rename, and the open panel shows it at once', async ({ page, request }) => {
    const since = Date.now();
    const s = await setup(request);
    const job = await createJob(request, s);
    await openRecord(page, `job/${job.id}`, `Job ${job.id}`, 'Job');

    const panel = await openHistory(page);
    const entries = entriesOf(panel);
    await expect(entries).toHaveCount(1);
    await expectEntry(page, entries.nth(0), { summary: 'Created', username: 'admin' }, since);
    // A creation says what the job started with.
    await expect(entries.nth(0).getByRole('listitem').getByText(`Name: ${job.name}`, { exact: true })).toBeVisible();
    await expect(panel.getByText('1 of 1 entry')).toBeVisible();

    const renamed = `${job.name} (renamed)`;
    await page.getByRole('button', { name: 'Edit job name' }).click();
    await page.getByRole('textbox', { name: 'Job Name' }).fill(renamed);
    await page.getByRole('textbox', { name: 'Job Name' }).press('Enter');
    await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();

    await expect(entries).toHaveCount(2);
    await expectEntry(page, entries.nth(0), { summary: 'Renamed', username: 'admin', changes: [`Name: ${job.name} → ${renamed}`] }, since);
    await expect(panel.getByText('2 of 2 entries')).toBeVisible();
    await keepPicture(panel, 'job-history');
  });

  test('a viewer reads the history but is offered no change', async ({ page, request }) => {
    const since = Date.now();
    const s = await setup(request);
    const job = await createJob(request, s);
    const id = await createContainer(request, s, 'container', job.id);
    await api(request, s.token, 'patch', `container/edit/${id}`, { pallet: 'PLT-CHANGED' });

    await openRecord(page, `container/${id}`, `Container ${id}`, 'Summary', 'viewer');
    await expect(page.getByRole('img', { name: 'Unlocked' })).toBeVisible();
    await expect(page.getByRole('button', { name: /lock container/i })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    for (const name of ['Move Container', 'Delete Container', 'Add Line Item']) await expect(page.getByRole('button', { name })).toHaveCount(0);

    const panel = await openHistory(page);
    const entries = entriesOf(panel);
    await expect(entries).toHaveCount(2);
    await expectEntry(page, entries.nth(0), { summary: 'Edited', username: 'admin', changes: ['Pallet: PLT-E2E → PLT-CHANGED'] }, since);
    await expectEntry(page, entries.nth(1), { summary: 'Created', username: 'admin' }, since);
    // The panel only reads: its sole controls open and close it and show a creation's every field.
    const controls = panel.getByRole('button');
    for (const name of await controls.allInnerTexts()) expect(name.trim()).toMatch(/^(History|Show all \d+ fields)$/);
    await keepPicture(panel, 'viewer-container-history');
  });

  test('a record nobody has changed shows the empty state', async ({ page, request }) => {
    // The demo containers are loaded without audit rows; take one no test has touched.
    const token = await apiToken(request);
    const list = await api(request, token, 'get', 'containers', undefined, { limit: '25' });
    let untouched: string | undefined;
    for (const { recordId } of list.data as { recordId: string }[]) {
      const history = await api(request, token, 'get', `containers/${recordId}/history`);
      if (history.total === 0) {
        untouched = recordId;
        break;
      }
    }
    expect(untouched, 'a demo container without history').toBeDefined();

    await openRecord(page, `container/${untouched}`, `Container ${untouched}`, 'Summary');
    const panel = await openHistory(page);
    await expect(panel.getByText('No changes have been recorded yet.')).toBeVisible();
    await expect(entriesOf(panel)).toHaveCount(0);
    await keepPicture(panel, 'empty-history');
  });
});
