import { addCalendarDays, federalHolidays, formatIsoDate, todayIso } from '@3ds/domain';
import { api, apiToken } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * The Settings screen: our own DEA registration, printed on the DEA documents, and the time zone of
 * 3DS's day. An administrator finds it in the sidebar, corrects a field, is stopped — beside the
 * field — by a DEA number with a wrong check digit, a registrant-type letter DEA does not use or one
 * that is not a reverse distributor's, or a name holding an invisible character, and saves; chooses
 * the time zone; keeps next year's holiday calendar; a user without MANAGE_SETTINGS has no link and is
 * told which privilege the screen needs.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function openSettings(page: Parameters<typeof login>[0]) {
  await login(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('DEA Registration Number')).not.toHaveValue('', { timeout: 20_000 });
}

test('shows the demo registration and saves a corrected contact and telephone', async ({ page, request }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'Our registration' });
  await expect(form.getByLabel('Registered Name')).toHaveValue('Riverbend Pharmaceutical Returns, LLC');
  await expect(form.getByLabel('DEA Registration Number')).toHaveValue(/^R[A-Z]\d{7}$/);
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  await form.getByLabel('Contact Name').fill('Jordan Ellis');
  await form.getByLabel('Telephone').fill('(614) 555-0177');
  await page.screenshot({ path: test.info().outputPath('settings.png'), fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  const token = await apiToken(request, 'viewer');
  const saved = (await api(request, token, 'get', 'settings')).data as { fieldData: Record<string, string> }[];
  expect(saved[0]!.fieldData).toMatchObject({ 'Contact Name': 'Jordan Ellis', Telephone: '(614) 555-0177' });

  await page.reload();
  await expect(form.getByLabel('Contact Name')).toHaveValue('Jordan Ellis');
});

test('refuses a DEA number with a wrong check digit or a letter DEA does not use, before anything is sent', async ({ page, request }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'Our registration' });
  const number = form.getByLabel('DEA Registration Number');
  const original = await number.inputValue();
  const wrongDigit = `${original.slice(0, 8)}${(Number(original[8]) + 1) % 10}`;
  await number.fill(wrongDigit);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The last digit of this DEA Registration Number is not its check digit: look for a typing mistake')).toBeVisible();
  await number.fill(`L${original.slice(1)}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/starts with a registrant-type letter DEA uses/)).toBeVisible();
  // A valid number, but a pharmacy's: ours is a reverse distributor's, P or R.
  await number.fill('BJ1234563');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(number).toHaveAccessibleDescription(/Our DEA Registration Number is a reverse distributor's, which starts with P or R/);
  // A right-to-left override would print the name other than it is stored.
  await form.getByLabel('Contact Name').fill('Dana \u202Edleiftihw');
  await form.getByLabel('Contact Name').blur();
  await expect(form.getByLabel('Contact Name')).toHaveAccessibleDescription(/Contact Name holds an invisible or text-direction character \(U\+202E\)/);
  await page.screenshot({ path: test.info().outputPath('settings-refusals.png'), fullPage: true });
  await expectAccessible(page, 'the settings screen with errors beside its fields');
  await form.getByLabel('State').fill('O');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('State is the two-letter postal code, e.g. OH')).toBeVisible();
  await form.getByRole('button', { name: 'Undo changes' }).click();
  await expect(number).toHaveValue(original);

  const token = await apiToken(request, 'viewer');
  const saved = (await api(request, token, 'get', 'settings')).data as { fieldData: Record<string, string> }[];
  expect(saved[0]!.fieldData['DEA Registration Number']).toBe(original);
});

test('chooses the time zone whose day 3DS counts by, saved and read back', async ({ page, request }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'Our registration' });
  const zone = form.getByRole('combobox', { name: 'Time Zone' });
  const original = await zone.inputValue();
  expect(original).not.toBe('');
  // Reykjavik keeps UTC's day all year: the other journeys' dates stay the same day meanwhile.
  const chosen = original === 'Atlantic/Reykjavik' ? 'UTC' : 'Atlantic/Reykjavik';
  await zone.click();
  await zone.fill(chosen.split('/').pop()!);
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await expect(zone).toHaveValue(chosen);
  await expect(form.getByText(/^Today is \d{2}\/\d{2}\/\d{4} there/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settings-time-zone.png'), fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved' })).toBeVisible();

  const token = await apiToken(request, 'viewer');
  const saved = (await api(request, token, 'get', 'settings')).data as { fieldData: Record<string, string> }[];
  expect(saved[0]!.fieldData['Time Zone']).toBe(chosen);
  // Back as it was, through the API.
  const admin = await apiToken(request);
  await api(request, admin, 'patch', 'settings', { fieldData: { 'Time Zone': original } });
});

test("keeps next year's holidays: the federal ones less one, and a company holiday, saved and read back", async ({ page, request }) => {
  const year = Number(todayIso().slice(0, 4)) + 1;
  const federal = federalHolidays(year);
  const columbusDay = federal.find((holiday) => holiday.name === 'Columbus Day')!;
  const thanksgiving = federal.find((holiday) => holiday.name === 'Thanksgiving Day')!;
  const dayAfterIso = addCalendarDays(thanksgiving.date, 1);
  const dayAfter = formatIsoDate(dayAfterIso);
  // The journey starts from an empty year, whatever an earlier try saved.
  const admin = await apiToken(request);
  await api(request, admin, 'put', 'settings/holidays', { year, holidays: [] });

  await openSettings(page);
  const card = page.getByRole('region', { name: 'Holidays' });
  await card.getByText(String(year), { exact: true }).click();
  const table = card.getByRole('table', { name: `Holidays of ${year}` });
  await expect(table.getByText(`No holidays are kept for ${year}`)).toBeVisible();

  await card.getByRole('button', { name: `Add the federal holidays of ${year}` }).click();
  await expect(card.getByText(`${federal.length} federal holidays added: save to keep them.`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(federal.length + 1);
  await table.getByRole('button', { name: `Remove ${formatIsoDate(columbusDay.date)} Columbus Day` }).click();
  await expect(table.getByText('Columbus Day')).toHaveCount(0);

  const add = card.getByRole('form', { name: 'Add Holiday' });
  await add.getByLabel('Date').fill(dayAfter);
  await expect(add.getByText('Friday')).toBeVisible();
  await add.getByLabel('Name').fill('Day after Thanksgiving');
  await add.getByRole('button', { name: 'Add Holiday' }).click();
  const companyRow = table.getByRole('row').filter({ hasText: 'Day after Thanksgiving' });
  await expect(companyRow).toContainText(`${dayAfter}Friday`);
  // A day listed already is refused beside the date, before anything is sent.
  await add.getByLabel('Date').fill(dayAfter);
  await add.getByLabel('Name').fill('Again');
  await add.getByRole('button', { name: 'Add Holiday' }).click();
  await expect(add.getByText(`${dayAfter} is listed already, as Day after Thanksgiving.`)).toBeVisible();
  await add.getByLabel('Date').fill('');
  await add.getByLabel('Name').fill('');

  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Holidays saved' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();

  const viewer = await apiToken(request, 'viewer');
  const saved = (await api(request, viewer, 'get', 'settings/holidays', undefined, { year: String(year) })).holidays as { date: string; name: string }[];
  expect(saved).toHaveLength(federal.length);
  expect(saved.map((holiday) => holiday.name)).not.toContain('Columbus Day');
  expect(saved).toContainEqual({ date: dayAfterIso, name: 'Day after Thanksgiving' });

  await page.reload();
  await card.getByText(String(year), { exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(federal.length + 1);
  await expect(companyRow).toContainText(`${dayAfter}Friday`);
  await expect(table.getByText('Columbus Day')).toHaveCount(0);
  await expect(table.getByText(formatIsoDate(federal[0]!.date))).toBeVisible();
  // From the top: a full-page shot of a scrolled page draws the fixed header over the card.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('settings-holidays.png'), fullPage: true });
  await expectAccessible(page, 'the holiday calendar in the settings');
});

test('a user without MANAGE_SETTINGS has no Settings link and is told what the screen needs', async ({ page }) => {
  await login(page, 'clerk');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('settings');
  await expect(page.getByText("You don't have the privilege for this screen")).toBeVisible();
  await expect(page.getByText('You do not have the MANAGE_SETTINGS privilege needed to change our registration in the settings.')).toBeVisible();
});
