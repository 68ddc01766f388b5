import type { Page } from '@playwright/test';
import { expect, login, test, untilStill } from '../support/fixtures.ts';
import { api, apiToken, scheduleTwoStock } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';

/**
 * The Form 222 register (docs/dea-paperwork.md "The Form 222 register"): a clerk of the reverse
 * distributor issues a client a Form 222 with its lines, finds it in the register, opens it, corrects
 * a line, and voids it with the reason. The journey makes its own form; the client is any current
 * Schedule 2 registration of the demo data.
 */

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** A value of a card, found by its caption. */
const fact = (page: Page, card: string, caption: string) =>
  page.getByRole('region', { name: card }).locator('dt', { hasText: new RegExp(`^${caption}$`) }).locator('xpath=following-sibling::dd[1]');

/** A paper form's 9-digit number no other run used (the register takes a number once). */
const freshNumber = () => String(Date.now()).slice(-9);

test.describe.configure({ timeout: 120_000 });

test('a clerk issues a client a Form 222 with two lines, finds it, corrects a line and voids it with the reason', async ({ page, request }) => {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const registration = (await api(request, token, 'get', `registration/${registrationId}`)) as { data: { fieldData: Record<string, string> }[] };
  const registrationNumber = registration.data[0]!.fieldData['Registration Number']!;
  // A form already in the register, whose number the dialog must refuse to give again.
  const taken = await api(request, token, 'post', 'order-form/new', {
    registrationId: Number(registrationId),
    formNumber: String(Number(freshNumber()) - 1).padStart(9, '0'),
    formKind: 'paper',
    issuedOn: new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date()),
  });

  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Form 222s', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form 222 Register' })).toBeVisible();

  // New Form 222: the client, the number, two lines.
  await page.getByRole('button', { name: 'New Form 222' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Form 222' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Client Registration' }).fill(registrationNumber);
  const option = page.getByRole('option', { name: new RegExp(`^${registrationNumber} · `) }).first();
  await expect(option).toBeVisible();
  await option.click();
  await dialog.getByRole('combobox', { name: 'Line 1 NDC' }).fill(ndcs[0]!);
  const ndcOption = page.getByRole('option', { name: new RegExp(`^${ndcs[0]!} — `) });
  await expect(ndcOption).toBeVisible();
  await ndcOption.click();
  // The NDC's trade name becomes the item.
  await expect(dialog.getByLabel('Line 1 Item')).not.toHaveValue('');
  await dialog.getByLabel('Line 1 Packages').fill('2');
  await dialog.getByLabel('Line 1 Package Size').fill('100 tablets');
  await dialog.getByRole('button', { name: 'Add Line' }).click();
  await dialog.getByLabel('Line 2 Item').fill('Fentanyl citrate 50 mcg/mL vials');
  await dialog.getByLabel('Line 2 Packages').fill('1');
  await dialog.getByLabel('Line 2 Package Size').fill('25 x 2 mL');

  // A number of neither shape is refused before anything is sent, saying what a number looks like.
  await dialog.getByLabel('Form Number').fill('12345');
  await dialog.getByRole('button', { name: 'Issue Form 222' }).click();
  await expect(dialog.getByText('Form 222 number 12345 must be 9 digits (paper) or like 26X123456 (electronic).')).toBeVisible();
  // A number already in the register is refused by the server, naming the form and its client.
  await dialog.getByLabel('Form Number').fill(String(taken.formNumber));
  await dialog.getByRole('button', { name: 'Issue Form 222' }).click();
  await expect(dialog.getByText(new RegExp(`Form 222 ${String(taken.formNumber)} is already in the register: form ${String(taken.recordId)}, issued .* to ${registrationNumber}`))).toBeVisible();

  const number = freshNumber();
  await dialog.getByLabel('Form Number').fill(number);
  await expect(dialog.getByRole('radio', { name: 'Paper' })).toBeChecked();
  // The server's refusal goes once the number it was about is changed.
  await expect(dialog.getByText(/is already in the register/)).toHaveCount(0);
  // The picture shows the dialog from its top (the registration chosen).
  await dialog.evaluate((element) => {
    for (let at: Element | null = element; at; at = at.parentElement) at.scrollTop = 0;
  });
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('order-form-new-dialog.png') });
  await expectAccessible(page, 'New Form 222 dialog, filled in');
  await dialog.getByRole('button', { name: 'Issue Form 222' }).click();
  await expect(dialog).toBeHidden();

  // The new form opens: issued, valid 60 days, its two lines.
  await expect(page.getByRole('heading', { level: 1, name: `Form 222 ${number}` })).toBeVisible();
  await expect(fact(page, 'Status', 'Status')).toHaveText('Issued');
  await expect(fact(page, 'Form', 'Supplier \\(client registration\\)')).toHaveText(registrationNumber);
  const lines = page.getByRole('table', { name: 'Lines' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines.getByRole('row').nth(1)).toContainText(ndcs[0]!);
  await expect(lines.getByRole('row').nth(2)).toContainText('Fentanyl citrate 50 mcg/mL vials');

  // In the register: found by its number.
  await sidebar(page).getByRole('link', { name: 'Form 222s', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form 222 Register' })).toBeVisible();
  await page.getByLabel('Quick search').fill(number);
  await page.getByLabel('Quick search').press('Enter');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Issued');
  await expect(row).toContainText(registrationNumber);
  await page.getByLabel('Quick search').fill('');
  await page.getByLabel('Quick search').press('Enter');
  // Cleared, the whole register is listed again (the new form on one of its pages, as the register grows).
  await expect(page.getByText(/^Showing 1 to \d+ of (\d{2,}|[2-9]) entries$/)).toBeVisible();
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('order-forms-list.png') });
  await expectAccessible(page, 'Form 222 register');

  // Opened from the list.
  await page.getByLabel('Quick search').fill(number);
  await page.getByLabel('Quick search').press('Enter');
  await page.getByRole('row').filter({ hasText: number }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Form 222 ${number}` })).toBeVisible();
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('order-form-record.png'), fullPage: true });
  await expectAccessible(page, 'Form 222 screen');

  // Edit: line 2 holds three packages, not one.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit Form 222 ${number}` });
  await expect(edit.getByLabel('Line 2 Packages')).toHaveValue('1');
  await edit.getByLabel('Line 2 Packages').fill('3');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(lines.getByRole('row').nth(2).getByRole('cell').nth(3)).toHaveText('3');

  // Void, after confirming with the reason.
  await page.getByRole('button', { name: 'Void', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Void Form 222 ${number}` });
  await expect(confirm).toContainText('never used again');
  await expect(confirm.getByRole('button', { name: 'Void Form' })).toBeDisabled();
  await confirm.getByLabel('Reason (kept with the form)').fill('Client returned the stock on another form');
  await expectAccessible(page, 'Void Form 222 confirmation');
  await confirm.getByRole('button', { name: 'Void Form' }).click();
  await expect(confirm).toBeHidden();
  await expect(fact(page, 'Status', 'Status')).toHaveText('Void');
  await expect(fact(page, 'Status', 'Reason')).toHaveText('Client returned the stock on another form');
  // A void form offers no more changes.
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Executed' })).toHaveCount(0);
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('order-form-void.png'), fullPage: true });
});

test('a clerk receives a Schedule II item on a line of an executed Form 222, and the form shows what arrived', async ({ page, request }) => {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 1);
  const ndc = ndcs[0]!;
  const number = String(Number(freshNumber()) + 7).slice(-9).padStart(9, '1');
  const issued = await api(request, token, 'post', 'order-form/new', {
    registrationId: Number(registrationId),
    formNumber: number,
    formKind: 'paper',
    issuedOn: new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date()),
    lines: [{ lineNo: 1, ndc, packages: 2 }],
  });
  const formId = String(issued.recordId);
  await api(request, token, 'post', `order-form/${formId}/status`, { status: 'executed' });
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `Form 222 receipt ${number}` } });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(job.recordId), containerName: 'Form 222 tote' });

  await login(page);
  await page.goto(`container/${String(container.recordId)}`);
  await page.getByRole('button', { name: 'Add Line Item' }).click();
  const pick = page.getByRole('dialog', { name: 'Select an NDC Number' });
  await pick.getByRole('combobox', { name: 'NDC Number' }).fill(ndc);
  // The search for the whole NDC has answered (an earlier one may have shown the option first).
  await expect(pick.getByText(/^\d+ found/)).toBeVisible();
  await expect(pick.getByLabel('Searching')).toHaveCount(0);
  await page.getByRole('option', { name: new RegExp(`^${ndc} — `) }).click();
  await expect(pick.getByRole('button', { name: 'OK' })).toBeEnabled();
  await pick.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/3ds\/line-item\/\d+$/);

  // Its form: the Form 222 and a line the form does not have — refused, naming the form's lines.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: `Enter Data For ${ndc}` });
  await form.getByLabel('Pack Qty').fill('1');
  await form.getByLabel('Form 222 #').fill(number);
  await form.getByLabel('Form 222 Line').fill('3');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(`Form 222 ${number} has no line 3: its lines are 1.`)).toBeVisible();
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('order-form-receipt-refused.png'), fullPage: true });
  await form.getByLabel('Form 222 Line').fill('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`${number}, line 1`)).toBeVisible();

  // The form: line 1 ordered 2 packages, 1 arrived today; the form is partly received.
  await page.goto(`order-form/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Form 222 ${number}` })).toBeVisible();
  await expect(fact(page, 'Status', 'Status')).toHaveText('Partly received');
  const line = page.getByRole('table', { name: 'Lines' }).getByRole('row').nth(1);
  await expect(line.getByRole('cell').nth(5)).toHaveText('1');
  await expect(line.getByRole('cell').nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  // The job it arrived with, linked; its Digital 222 file is not on the job yet.
  const jobs = page.getByRole('table', { name: 'Jobs received with' });
  await expect(jobs.getByRole('link', { name: `Job ${String(job.recordId)}` })).toBeVisible();
  await expect(jobs).toContainText('Not on the job');
  // A form goods arrived on is kept as the record of the transfer: no Void, no Lost.
  await expect(page.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lost', exact: true })).toHaveCount(0);
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('order-form-received.png'), fullPage: true });
  await expectAccessible(page, 'Form 222 screen with a receipt');

  // The client's registration lists the form with its status.
  await page.getByRole('link', { name: /^[A-Z]{2}\d{7}$/ }).first().click();
  const forms = page.getByRole('table', { name: 'Form 222s' });
  await expect(forms.getByRole('row').filter({ hasText: number })).toContainText('Partly received');
  await untilStill(page);
  await page.screenshot({ path: test.info().outputPath('registration-form-222s.png'), fullPage: true });
  await forms.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Form 222 ${number}` })).toBeVisible();
});
