import type { APIRequestContext, Page } from '@playwright/test';
import { api, apiToken, type Json } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * The destruction record of a job (Form 41's dates, method, facility and witnesses): a person opens
 * the job, presses Edit on the Destruction Record card, fills the form and saves; the 30-day clock
 * shows the days left, on the job and in the jobs list, where "Days Left <= 7" finds what is due; a
 * destruction later than 30 days after receipt needs its reason and shows as late. Each test makes
 * its own job through the API.
 */

test.describe.configure({ timeout: 90_000 });

async function newJob(request: APIRequestContext, token: string, name = `E2E destruction ${Date.now()}`): Promise<string> {
  const registrations = await api(request, token, 'get', 'registrations', undefined, {
    searchCriteria: JSON.stringify([{ criteria: { 'Expiration Date': '>//', 'Federal Agency': 'Drug Enforcement' } }]),
    limit: '1',
  });
  const registration = (registrations.data as { recordId: string }[])[0]!;
  const created = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registration.recordId), 'Job Name': name } });
  return String(created.recordId);
}

/** A date `days` from today as MM/DD/YYYY (negative: before). */
function usDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

async function openJob(page: Page, id: string, username = 'admin') {
  await login(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 20_000 });
  await page.goto(`job/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Job ${id}` })).toBeVisible({ timeout: 20_000 });
  const card = page.getByRole('region', { name: 'Destruction Record' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  return card;
}

const field = (card: ReturnType<Page['getByRole']>, label: string) => card.locator('dt', { hasText: new RegExp(`^${label}$`, 'i') }).locator('xpath=following-sibling::dd[1]');

test('records transfer, receipt, destruction, facility and witnesses, and the clock stops once destroyed', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = await newJob(request, token);
  const card = await openJob(page, id);

  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Destruction Record of Job ${id}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Date Transferred').fill(usDate(-9));
  await dialog.getByLabel('Date Received').fill(usDate(-8));
  await dialog.getByLabel('Destruction Facility', { exact: true }).fill('Clearfork Thermal Destruction Facility');
  await dialog.getByLabel('Destruction Facility Address').fill('2250 Kentucky Avenue, Indianapolis, IN 46221');
  // The witnesses are not typed: each confirms for themselves (the test below).
  await expect(dialog.getByLabel('Transfer Witness 1')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(field(card, 'Received')).toHaveText(usDate(-8));
  await expect(field(card, 'Days Left')).toHaveText('22 days left');
  await expect(field(card, 'Destruction Facility')).toHaveText('Clearfork Thermal Destruction Facility');
  await page.screenshot({ path: test.info().outputPath('destruction-record-card.png'), fullPage: true });

  // Destroyed before received: the form says so before anything is sent, and keeps the dialog open.
  await card.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Date Destroyed').fill(usDate(-9));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Date Destroyed cannot be before Date Received');
  await expect(dialog).toBeVisible();

  // Destroyed today, by incineration, with its witnesses: the clock stops.
  await dialog.getByLabel('Date Destroyed').fill(usDate(0));
  await dialog.getByRole('combobox', { name: 'Disposal Method' }).click();
  await page.getByRole('option', { name: 'Incineration' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(field(card, 'Destroyed')).toHaveText(usDate(0));
  await expect(field(card, 'Disposal Method')).toHaveText('Incineration');
  await expect(field(card, 'Days Left').getByLabel('Not set')).toBeVisible();

  // What the server holds, and the audit trail of the job shows the change.
  const job = (await api(request, token, 'get', `job/${id}`)).data as { fieldData: Json }[];
  expect(job[0]!.fieldData).toMatchObject({ 'Date Received': usDate(-8), 'Date Destroyed': usDate(0), 'Disposal Method': 'Incineration' });
});

test('a destruction 80 days after receipt asks for its reason beside the field; saved with it, the job and the jobs list show it late', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = await newJob(request, token, `E2E late ${Date.now()}`);
  const card = await openJob(page, id);
  let patches = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().endsWith(`/api/job/${id}/destruction-record`)) patches += 1;
  });

  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Destruction Record of Job ${id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Reason for Late Destruction')).toHaveCount(0);
  await dialog.getByLabel('Date Transferred').fill(usDate(-83));
  await dialog.getByLabel('Date Received').fill(usDate(-81));
  await dialog.getByLabel('Date Destroyed').fill(usDate(-1));
  // Destroyed on day 80: the form offers the reason, and says why.
  const reason = dialog.getByLabel('Reason for Late Destruction');
  await expect(reason).toBeVisible();
  await expect(dialog.getByText('Destroyed 80 days after receipt, later than the 30 days 21 CFR 1317.15(c) allows: say why, as an inspector would ask')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const lateMessage = 'Date Destroyed is 80 days after Date Received, later than the 30 days 21 CFR 1317.15(c) allows: give the reason for the late destruction';
  // Beside its field (and listed above them); nothing is sent.
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription(new RegExp(lateMessage.replace(/[().]/g, '\\$&')));
  await expect(dialog.getByRole('alert')).toContainText(lateMessage);
  await page.screenshot({ path: test.info().outputPath('late-destruction-form.png'), fullPage: true });
  // The dialog with its reason field and the errors beside the fields meets WCAG 2.1 AA too.
  await expectAccessible(page, 'the destruction record dialog of a late destruction, with its errors');
  expect(patches).toBe(0);

  await reason.fill('Incinerator down for repair; destroyed on its first day back in service');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(patches).toBe(1);

  // The job shows the destruction as late, with its reason.
  await expect(field(card, 'Days Left')).toHaveText('Destroyed 50 days late');
  await expect(field(card, 'Reason for Late Destruction')).toHaveText('Incinerator down for repair; destroyed on its first day back in service');
  await page.screenshot({ path: test.info().outputPath('late-destruction-card.png'), fullPage: true });

  // The jobs list's "Destroyed late" finds it, marked late.
  await page.goto('jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await page.getByRole('link', { name: 'Destroyed late' }).click();
  await expect(page.getByText('Find: Days Late = >0')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) });
  await expect(row).toBeVisible();
  // The list's narrow column says it short; the badge's title says it in full.
  await expect(row.getByText('50 days late', { exact: true })).toBeVisible();
  await expect(row.locator('[data-clock="late"]')).toHaveAttribute('title', /Destroyed later than the 30 days/);
  await row.getByText('50 days late', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('jobs-destroyed-late.png'), fullPage: true });

  const job = (await api(request, token, 'get', `job/${id}`)).data as { fieldData: Json }[];
  expect(job[0]!.fieldData).toMatchObject({ 'Days Late': 50, 'Late Destruction Reason': 'Incinerator down for repair; destroyed on its first day back in service' });
});

test('each witness confirms with their own password; a second person is another user; a change of the destruction voids them', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = await newJob(request, token, `E2E witnesses ${Date.now()}`);
  await api(request, token, 'patch', `job/${id}/destruction-record`, {
    fieldData: { 'Date Transfer': usDate(-6), 'Date Received': usDate(-5), 'Date Destroyed': usDate(-1), 'Disposal Method': 'Incineration', 'Destruction Facility': 'Clearfork Thermal Destruction Facility', 'Destruction Facility Address': '2250 Kentucky Avenue, Indianapolis, IN 46221' },
  });
  const card = await openJob(page, id, 'clerk');
  const table = card.getByRole('table', { name: 'Witnesses' });
  const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
  await expect(row('Destruction Witness 1')).toContainText('None yet');

  // Dana types her own username and, first, a wrong password: refused where she typed, nothing kept.
  await row('Destruction Witness 1').getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Destruction Witness 1 confirms' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`the destruction on ${usDate(-1)} by Incineration at Clearfork Thermal Destruction Facility`);
  await dialog.getByLabel("Witness's username").fill('dwhitfield');
  await dialog.getByLabel("Witness's password").fill('not her password');
  await dialog.getByRole('button', { name: 'Confirm as witness' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That username and password do not match: the witness types their own, as they sign in to 3DS');
  await expect(dialog.getByLabel("Witness's password")).toHaveValue('');
  await expectAccessible(page, 'the witness confirmation dialog with its refusal');
  await dialog.getByLabel("Witness's password").fill('demo');
  await dialog.getByRole('button', { name: 'Confirm as witness' }).click();
  await expect(dialog).toBeHidden();
  await expect(row('Destruction Witness 1')).toContainText('Dana Whitfield');
  await expect(row('Destruction Witness 1')).toContainText('Confirmed');
  await expect(row('Destruction Witness 1')).toContainText(/Confirmed in 3DS by dwhitfield on \d\d\/\d\d\/\d{4} at \d\d:\d\d \(America\/New_York\) from /);

  // The second witness is another person: Dana again is refused; Marcus confirms.
  await row('Destruction Witness 2').getByRole('button', { name: 'Confirm' }).click();
  const second = page.getByRole('dialog', { name: 'Destruction Witness 2 confirms' });
  await second.getByLabel("Witness's username").fill('dwhitfield');
  await second.getByLabel("Witness's password").fill('demo');
  await second.getByRole('button', { name: 'Confirm as witness' }).click();
  await expect(second.getByRole('alert')).toContainText('Dana Whitfield is Destruction Witness 1 already: Destruction Witness 2 must be another person');
  await second.getByLabel("Witness's username").fill('mokafor');
  await second.getByLabel("Witness's password").fill('demo');
  await second.getByRole('button', { name: 'Confirm as witness' }).click();
  await expect(second).toBeHidden();
  await expect(row('Destruction Witness 2')).toContainText('Marcus Okafor');
  await page.screenshot({ path: test.info().outputPath('witnesses-confirmed.png'), fullPage: true });

  // The facility's address corrected: what they attested changed, both confirmations are void.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Destruction Record of Job ${id}` });
  await edit.getByLabel('Destruction Facility Address').fill('2250 Kentucky Ave, Indianapolis, IN 46221');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  for (const label of ['Destruction Witness 1', 'Destruction Witness 2']) {
    await expect(row(label)).toContainText('Void: The destruction record changed: Destruction Facility Address changed');
    await expect(row(label).getByRole('button', { name: 'Confirm again' })).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('witnesses-void.png'), fullPage: true });

  // Marcus was not there after all: withdrawn with the reason, the name leaves the record.
  await row('Destruction Witness 2').getByRole('button', { name: 'Withdraw Destruction Witness 2' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw Destruction Witness 2' });
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw.getByText('Say why the confirmation is withdrawn')).toBeVisible();
  await withdraw.getByLabel('Reason').fill('Marcus was at the other site that day');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw).toBeHidden();
  await expect(row('Destruction Witness 2')).toContainText('None yet');
  // Both confirmations stay on record, void; the job's history says who withdrew what, and why.
  const witnesses = (await api(request, token, 'get', `job/${id}/witnesses`)) as unknown as { history: { username: string; voidedAt: string | null }[] };
  expect(witnesses.history.map((c) => [c.username, c.voidedAt !== null])).toEqual([['mokafor', true], ['dwhitfield', true]]);
  const history = JSON.stringify(await api(request, token, 'get', `job/${id}/history`));
  expect(history).toContain('Withdrew Destruction Witness 2: the void confirmation of mokafor — reason: Marcus was at the other site that day');
});

test('a date in the future is refused by the server too, and nothing changes', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = await newJob(request, token);
  const refused = await request.patch(`api/job/${id}/destruction-record`, {
    headers: { authorization: `Bearer ${token}` },
    data: { fieldData: { 'Date Received': usDate(3) } },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toBe('Date Received cannot be in the future');
  const card = await openJob(page, id);
  await expect(field(card, 'Received').getByLabel('Not set')).toBeVisible();
});

test('the jobs list shows the days left and finds the jobs due within 7 days', async ({ page, request }) => {
  const token = await apiToken(request);
  const batch = `Clock${Date.now()}`;
  const [due, later] = [await newJob(request, token, `${batch} due`), await newJob(request, token, `${batch} later`)];
  await api(request, token, 'patch', `job/${due}/destruction-record`, { fieldData: { 'Date Received': usDate(-25) } });
  await api(request, token, 'patch', `job/${later}/destruction-record`, { fieldData: { 'Date Received': usDate(-2) } });

  const dueCard = await openJob(page, due);
  await expect(field(dueCard, 'Days Left')).toHaveText('5 days left');

  await page.goto('jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const search = page.getByRole('dialog', { name: 'Advanced Search' });
  await expect(search).toBeVisible();
  await search.getByRole('button', { name: 'Add Request' }).click();
  for (const tag of [`Job Name:${batch}`, 'Days Left:<=7']) {
    await search.getByLabel('Request 1').fill(tag);
    await search.getByLabel('Request 1').press('Enter');
  }
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search).toBeHidden();
  const dueRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: due, exact: true }) });
  await expect(dueRow).toBeVisible();
  await expect(dueRow.getByText('5 days left')).toBeVisible();
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell', { name: later, exact: true }) })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('jobs-due.png'), fullPage: true });

  // The list's own "Due within 7 days" link: the same find, soonest first, over all jobs.
  await page.goto('jobs');
  await page.getByRole('link', { name: 'Due within 7 days' }).click();
  await expect(page.getByText('Find: Days Left = <=7')).toBeVisible();
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell', { name: later, exact: true }) })).toHaveCount(0);
  // The rows of the list before the find stay until the found ones arrive: read them once they have.
  const daysLeft = async () => {
    const badges = await page.getByRole('row').locator('[data-clock]').allInnerTexts();
    // innerText is as shown: the badge writes its words in capitals.
    return badges.map((text) => (/overdue/i.test(text) ? -Number(text.split(' ')[0]) : /due today/i.test(text) ? 0 : Number(text.split(' ')[0])));
  };
  await expect.poll(async () => (await daysLeft()).every((days) => days <= 7)).toBe(true);
  const left = await daysLeft();
  expect(left.length).toBeGreaterThan(0);
  expect(left).toEqual([...left].sort((a, b) => a - b));
});

test('a person without CREATE_JOB sees the record but no Edit button', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = await newJob(request, token);
  const card = await openJob(page, id, 'viewer');
  await expect(card.getByText('Transferred', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('a locked job has no Edit button, even for an administrator', async ({ page, request }) => {
  const token = await apiToken(request);
  const id = await newJob(request, token);
  await api(request, token, 'patch', `job/lock/${id}`);
  const card = await openJob(page, id, 'admin');
  await expect(card.getByText('Transferred', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});
