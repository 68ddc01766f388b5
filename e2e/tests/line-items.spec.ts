import type { APIRequestContext, Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';
import { api, apiToken, receivedOn, scheduleTwoStock, type Json } from '../support/api.ts';

/**
 * The line item and Yellow Bucket line item screens (spec 2 §2 "Line item and Yellow Bucket line
 * item detail", "Line item form"; §4–§7). Every test makes the job, containers and line items it
 * works on through the API, so it depends neither on the demo data's counts nor on other tests.
 */

const CONFIRM = {
  lock: 'Are you sure you want to lock this line item?',
  unlock: 'Are you sure you want to unlock this line item?',
  delete: 'Are you sure you want to delete this line item?',
};
const DECIMAL_PACK_QTY = 'Pack Quantity For Complete NDCs Cannot Be Entered With A Decimal.';

interface Kind {
  name: string;
  /** The API's and the app's singular: `line-item/new`, `/line-item/12`. */
  singular: 'line-item' | 'yb-line-item';
  container: 'container' | 'yb-container';
  heading: 'Line Item' | 'Yellow Bucket Line Item';
}

const KINDS: Kind[] = [
  { name: 'standard', singular: 'line-item', container: 'container', heading: 'Line Item' },
  { name: 'Yellow Bucket', singular: 'yb-line-item', container: 'yb-container', heading: 'Yellow Bucket Line Item' },
];

interface Setup {
  token: string;
  registrationId: string;
  /** Two schedule 2 trade-package NDCs: one to fill containers with, one to change to. */
  ndcs: [string, string];
}

let cached: Setup | undefined;

/** A current registration whose schedules include 2, and schedule 2 trade-package NDCs the NDC select can find. */
async function setup(request: APIRequestContext): Promise<Setup> {
  if (cached) return { ...cached, token: await apiToken(request) };
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 2);
  cached = { token, registrationId, ndcs: [ndcs[0]!, ndcs[1]!] };
  return cached;
}

let sequence = 0;

async function createJob(request: APIRequestContext, s: Setup): Promise<string> {
  sequence += 1;
  const created = await api(request, s.token, 'post', 'job', {
    fieldData: { _fkRegistration_Record_Number: Number(s.registrationId), 'Job Name': `E2E line items ${Date.now()}-${sequence}` },
  });
  return String(created.recordId);
}

async function createContainer(request: APIRequestContext, s: Setup, kind: Kind, jobId: string): Promise<string> {
  sequence += 1;
  const created = await api(request, s.token, 'post', `${kind.container}/new`, { jobId: Number(jobId), containerName: `E2E-LI-${sequence}` });
  return String(created.recordId);
}

async function createLineItem(request: APIRequestContext, s: Setup, kind: Kind, containerId: string, fields: Json = {}): Promise<string> {
  const created = await api(request, s.token, 'post', `${kind.singular}/new`, {
    containerId: Number(containerId),
    ndc: s.ndcs[0],
    packQuantity: 2,
    lotNumber: 'LOT-E2E',
    source: 'Pharmacy',
    cause: 'Expired',
    ...fields,
  });
  return String(created.recordId);
}

/** A fresh job with two containers of the kind, and `count` line items in the first. */
async function fresh(request: APIRequestContext, kind: Kind, count = 1) {
  const s = await setup(request);
  const jobId = await createJob(request, s);
  const containerId = await createContainer(request, s, kind, jobId);
  const otherContainerId = await createContainer(request, s, kind, jobId);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await createLineItem(request, s, kind, containerId));
  return { s, jobId, containerId, otherContainerId, ids, id: ids[ids.length - 1]! };
}

async function openLineItem(page: Page, kind: Kind, id: string) {
  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`${kind.singular}/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${kind.heading} ${id}` })).toBeVisible();
  // The record has arrived once its cards are there.
  await expect(page.getByRole('region', { name: 'NDC Info' })).toBeVisible();
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
/** A value of a card, found by its caption. */
const fact = (page: Page, card: string, caption: string) =>
  region(page, card).locator('dt', { hasText: new RegExp(`^${caption}$`) }).locator('xpath=following-sibling::dd[1]');
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Types into the NDC select and picks the NDC's option. */
async function chooseNdc(page: Page, dialogName: string, ndc: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('combobox', { name: 'NDC Number' }).fill(ndc);
  const option = page.getByRole('option', { name: new RegExp(`^${ndc.replace(/[*]/g, '\\*')} — `) });
  await expect(option).toBeVisible();
  await option.click();
}

for (const kind of KINDS) {
  test.describe(`${kind.name} line item`, () => {
    test('the view shows the heading with the NDC, the cards and the sibling pager', async ({ page, request }) => {
      const { s, jobId, containerId, ids, id } = await fresh(request, kind, 2);
      await openLineItem(page, kind, id);
      await expect(page.getByText(s.ndcs[0], { exact: true }).first()).toBeVisible();
      for (const card of ['Job and Container', 'NDC Info', 'Quantities', 'Form Info']) await expect(region(page, card)).toBeVisible();
      await expect(region(page, 'Job and Container').getByRole('link', { name: `Job ${jobId}` })).toHaveAttribute('href', `/3ds/job/${jobId}`);
      await expect(region(page, 'Job and Container').getByRole('link', { name: new RegExp(`container ${containerId}$`, 'i') })).toHaveAttribute(
        'href',
        `/3ds/${kind.container}/${containerId}`,
      );
      await expect(fact(page, 'Quantities', 'Lot Number')).toHaveText('LOT-E2E');
      await expect(fact(page, 'Quantities', '% Fill')).toHaveText('100.00%');
      await expect(fact(page, 'Form Info', 'Form 222 #')).toHaveText('—');

      await expect(page.getByText('Record 2 of 2')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next record' })).toBeDisabled();
      await page.getByRole('button', { name: 'Previous record' }).click();
      await expect(page).toHaveURL(new RegExp(`/${kind.singular}/${ids[0]}$`));
      await expect(page.getByRole('heading', { level: 1, name: `${kind.heading} ${ids[0]}` })).toBeVisible();
      await expect(page.getByText('Record 1 of 2')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Previous record' })).toBeDisabled();
    });

    test('New Line Item: an NDC, then the form; a decimal pack quantity is refused in the modal; the save opens the new item', async ({
      page,
      request,
    }) => {
      const { s, id } = await fresh(request, kind);
      await openLineItem(page, kind, id);
      await page.getByRole('button', { name: 'New Line Item' }).click();
      const select = page.getByRole('dialog', { name: 'Select an NDC Number' });
      await expect(select.getByRole('button', { name: 'OK' })).toBeDisabled();
      await chooseNdc(page, 'Select an NDC Number', s.ndcs[0]);
      await expect(select.getByRole('button', { name: 'OK' })).toBeEnabled();
      await select.getByRole('button', { name: 'OK' }).click();

      const form = page.getByRole('dialog', { name: `Enter Data For ${s.ndcs[0]}` });
      await expect(form.getByLabel('Pack Size')).not.toHaveValue('');
      await expect(form.getByLabel('% Fill')).toHaveValue('100%');
      // A new line item in a Yellow Bucket starts with one pack.
      await expect(form.getByLabel('Pack Qty')).toHaveValue(kind.singular === 'yb-line-item' ? '1' : '');

      let created = false;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/${kind.singular}/new`)) created = true;
      });
      await form.getByLabel('Pack Qty').fill('1.5');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('alert').getByRole('listitem').filter({ hasText: DECIMAL_PACK_QTY })).toBeVisible();
      await expect(form).toBeVisible();
      expect(created).toBe(false);

      await form.getByLabel('Pack Qty').fill('3');
      await expect(form.getByText(DECIMAL_PACK_QTY)).toHaveCount(0);
      await form.getByLabel('Lot Number').fill('LOT-NEW');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${kind.singular}/(?!${id}$)\\d+$`));
      const newId = /(\d+)$/.exec(page.url())![1]!;
      await expect(page.getByRole('heading', { level: 1, name: `${kind.heading} ${newId}` })).toBeVisible();
      await expect(fact(page, 'Quantities', 'Lot Number')).toHaveText('LOT-NEW');
      await expect(fact(page, 'Quantities', 'Pack Qty')).toHaveText('3');
    });

    test('Edit opens the form on the edit route; a changed lot number is saved and shown', async ({ page, request }) => {
      const { id } = await fresh(request, kind);
      await openLineItem(page, kind, id);
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${kind.singular}/${id}/edit$`));
      const form = page.getByRole('dialog', { name: /^Enter Data For / });
      await expect(form.getByLabel('Lot Number')).toHaveValue('LOT-E2E');
      await expect(form.getByLabel('Pack Qty')).toHaveValue('2');
      await form.getByLabel('Lot Number').fill('LOT-EDITED');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${kind.singular}/${id}$`));
      await expect(fact(page, 'Quantities', 'Lot Number')).toHaveText('LOT-EDITED');
    });

    test('Duplicate starts with Pack Qty empty and opens the copy', async ({ page, request }) => {
      const { s, id } = await fresh(request, kind);
      await openLineItem(page, kind, id);
      await page.getByRole('button', { name: 'Duplicate Line Item' }).click();
      const form = page.getByRole('dialog', { name: `Enter Data For ${s.ndcs[0]}` });
      await expect(form.getByLabel('Pack Qty')).toHaveValue('');
      await expect(form.getByLabel('Lot Number')).toHaveValue('LOT-E2E');
      await form.getByLabel('Pack Qty').fill('4');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${kind.singular}/(?!${id}$)\\d+$`));
      await expect(fact(page, 'Quantities', 'Pack Qty')).toHaveText('4');
      await expect(fact(page, 'Quantities', 'Lot Number')).toHaveText('LOT-E2E');
      await expect(page.getByText('Record 2 of 2')).toBeVisible();
    });

    test('the NDC Number\'s Edit changes the NDC; OK stays disabled until another NDC is chosen', async ({ page, request }) => {
      const { s, id } = await fresh(request, kind);
      await openLineItem(page, kind, id);
      await page.getByRole('button', { name: 'Edit NDC Number' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit NDC Number' });
      await expect(dialog.getByRole('combobox', { name: 'NDC Number' })).toHaveValue(new RegExp(`^${s.ndcs[0]} — `));
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
      await chooseNdc(page, 'Edit NDC Number', s.ndcs[1]);
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
      await expect(fact(page, 'NDC Info', 'NDC Number')).toContainText(s.ndcs[1]);
    });

    test('Move Line Item moves it to another container of the job; Move waits for a choice', async ({ page, request }) => {
      const { id, otherContainerId } = await fresh(request, kind);
      await openLineItem(page, kind, id);
      await page.getByRole('button', { name: 'Move Line Item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move Line Item' });
      await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
      await dialog.getByRole('combobox', { name: 'Destination container' }).click();
      await page.getByRole('option', { name: new RegExp(`^${otherContainerId} — `) }).click();
      await dialog.getByRole('button', { name: 'Move' }).click();
      await expect(dialog).toBeHidden();
      await expect(alertWith(page, `was moved to container ${otherContainerId}`)).toBeVisible();
      await expect(region(page, 'Job and Container').getByRole('link', { name: new RegExp(`container ${otherContainerId}$`, 'i') })).toBeVisible();
    });

    test('lock asks first and hides the actions; unlock brings them back', async ({ page, request }) => {
      // Complete for Form 41 and ARCOS (a Schedule II receipt with its Form 222 number): it may be locked.
      const { s, containerId } = await fresh(request, kind);
      const id = await createLineItem(request, s, kind, containerId, await receivedOn(request, s.token, containerId, s.ndcs[0]!, kind.container === 'yb-container'));
      await openLineItem(page, kind, id);
      await page.getByRole('button', { name: 'Lock line item' }).click();
      const confirm = page.getByRole('dialog', { name: 'Lock Line Item' });
      await expect(confirm.getByText(CONFIRM.lock)).toBeVisible();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('button', { name: 'Unlock line item' })).toBeVisible();
      for (const action of ['New Line Item', 'Duplicate Line Item', 'Move Line Item', 'Delete Line Item']) {
        await expect(page.getByRole('button', { name: action })).toHaveCount(0);
      }
      await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Edit NDC Number' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Generate Label' })).toBeVisible();

      await page.getByRole('button', { name: 'Unlock line item' }).click();
      const unlock = page.getByRole('dialog', { name: 'Unlock Line Item' });
      await expect(unlock.getByText(CONFIRM.unlock)).toBeVisible();
      await unlock.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('button', { name: 'Lock line item' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete Line Item' })).toBeVisible();
    });

    test('Delete asks first, then goes to the container view', async ({ page, request }) => {
      const { id, containerId } = await fresh(request, kind);
      await openLineItem(page, kind, id);
      await page.getByRole('button', { name: 'Delete Line Item' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Line Item' });
      await expect(confirm.getByText(CONFIRM.delete)).toBeVisible();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(new RegExp(`/${kind.container}/${containerId}$`));
      const token = await apiToken(request);
      const gone = await request.get(`api/${kind.singular}/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(gone.status()).toBe(404);
    });

    test('Generate Label offers label.pdf in a download dialog', async ({ page, request }) => {
      const { id } = await fresh(request, kind);
      await openLineItem(page, kind, id);
      await page.getByRole('button', { name: 'Generate Label' }).click();
      const dialog = page.getByRole('dialog', { name: 'Label ready' });
      const link = dialog.getByRole('link', { name: 'Download File' });
      await expect(link).toHaveAttribute('download', 'label.pdf');
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toBe('label.pdf');
    });
  });
}

test('a pack size other than the NDC\'s package is kept only with its reason, which the line item then shows', async ({ page, request }) => {
  const kind = KINDS[0]!;
  const { id } = await fresh(request, kind);
  await openLineItem(page, kind, id);
  const packSize = (await fact(page, 'NDC Info', 'Pack Size').textContent())!.trim();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: /^Enter Data For / });
  await expect(form.getByLabel('Pack Size Reason')).toHaveCount(0);
  await form.getByLabel('Pack Size', { exact: true }).fill(String(Number(packSize.replaceAll(',', '')) + 7));
  const reason = form.getByLabel('Pack Size Reason');
  await expect(reason).toBeVisible();
  await expect(form.getByText(/^The package of this NDC is /)).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  // Not saved without the reason: the form says what to do, next to the field.
  await expect(form).toBeVisible();
  await expect(form.getByText(/differs from the package of NDC/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pack-size-reason.png') });
  await reason.fill('Repackaged by the pharmacy in bottles of a different count');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(fact(page, 'NDC Info', 'Pack Size Reason')).toHaveText('Repackaged by the pharmacy in bottles of a different count');
});

test('the edit route entered directly shows the view', async ({ page, request }) => {
  const { id } = await fresh(request, KINDS[0]!);
  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`line-item/${id}/edit`);
  await expect(page).toHaveURL(new RegExp(`/line-item/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Line Item ${id}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("Move Line Item says so when the job has no other unlocked container", async ({ page, request }) => {
  const kind = KINDS[0]!;
  const s = await setup(request);
  const jobId = await createJob(request, s);
  const containerId = await createContainer(request, s, kind, jobId);
  const id = await createLineItem(request, s, kind, containerId);
  await openLineItem(page, kind, id);
  await page.getByRole('button', { name: 'Move Line Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Line Item' });
  await expect(dialog.getByText('There are no more containers in this job')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
});

test('a viewer sees the line item and its label, but no actions and a static lock icon', async ({ page, request }) => {
  const { id } = await fresh(request, KINDS[0]!);
  await login(page, 'viewer');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`line-item/${id}`);
  await expect(page.getByRole('region', { name: 'NDC Info' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Unlocked' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lock line item' })).toHaveCount(0);
  for (const action of ['New Line Item', 'Duplicate Line Item', 'Move Line Item', 'Delete Line Item', 'Edit NDC Number']) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Generate Label' })).toBeVisible();
});
