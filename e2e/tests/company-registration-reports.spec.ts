import type { Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * Company detail, registration detail (picture upload included), creating a job from a company,
 * and the reports page. Data is picked by reading the API with the signed-in user's token, never
 * by hard-coded ids; what a test changes, it creates first.
 */

type FieldValue = string | number | null;
type Row = Record<string, FieldValue>;
interface ApiRecord {
  recordId: string;
  fieldData: Row;
  portalData: Record<string, Row[]>;
}

const DEA = 'Drug Enforcement Administration';
const REPORT_TYPES = ['41', 'Manifest', 'See Notes', 'COD', 'LDR'];
const SCHEDULES = ['1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N', 'LC', 'NC'];
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// Several journeys per test on a shared machine: give each more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, username = 'admin') {
  await login(page, username);
  // Login hashes the password on purpose slowly; on a busy machine the first screen takes a while.
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 30_000 });
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/3ds/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

async function list(page: Page, entity: string, limit = 100): Promise<ApiRecord[]> {
  return (await apiGet<{ data: ApiRecord[] }>(page, `${entity}?limit=${limit}`)).data;
}

async function record(page: Page, entity: string, id: string): Promise<ApiRecord> {
  return (await apiGet<{ data: ApiRecord[] }>(page, `${entity}/${id}`)).data[0]!;
}

/** MM/DD/YYYY before today (local time, as the app reads it). */
function isExpired(date: FieldValue | undefined): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(String(date ?? ''));
  if (!m) return false;
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${m[3]}-${m[1]}-${m[2]}` < today;
}

const isDea = (row: Row) => row['Registration::Federal Agency'] === DEA;
const regNumber = (row: Row) => String(row['Registration::Registration Number']);

/** A company whose registrations include a current DEA one, an expired DEA one and a non-DEA (state) one. */
async function companyWithMixedRegistrations(page: Page) {
  for (const company of await list(page, 'companies', 40)) {
    const detail = await record(page, 'companies', company.recordId);
    const rows = detail.portalData.Registration ?? [];
    const current = rows.filter((r) => isDea(r) && !isExpired(r['Registration::Expiration Date']));
    const expired = rows.filter((r) => isDea(r) && isExpired(r['Registration::Expiration Date']));
    const other = rows.filter((r) => !isDea(r));
    if (current.length > 0 && expired.length > 0 && other.length > 0) return { company: detail, current, expired, other };
  }
  throw new Error('the demo data has no company with current, expired and non-DEA registrations');
}

/** A current DEA registration (record id and number) — the kind a job can be created on. */
async function currentDeaRegistration(page: Page, skip = 0) {
  const found = (await list(page, 'registrations', 200)).filter(
    (r) => r.fieldData['Federal Agency'] === DEA && !isExpired(r.fieldData['Expiration Date']),
  );
  const chosen = found[skip];
  if (!chosen) throw new Error('no current DEA registration in the demo data');
  return { id: chosen.recordId, number: String(chosen.fieldData['Registration Number']) };
}

/** Creates a job through the API (admin token) so that a test owns it. */
async function createJob(page: Page, registrationId: string, name: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/3ds/api/job', {
    headers: { authorization: `Bearer ${token}` },
    data: { fieldData: { _fkRegistration_Record_Number: registrationId, 'Job Name': name } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { recordId: string }).recordId;
}

const alert = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test.describe('company detail', () => {
  test('shows contact information, report types, labeler codes, contacts and only current DEA registrations', async ({ page }) => {
    await signIn(page);
    const { company, current, expired, other } = await companyWithMixedRegistrations(page);
    await page.goto(`company/${company.recordId}`);

    await expect(page.getByRole('heading', { level: 1, name: `Company ${company.recordId}` })).toBeVisible();
    await expect(page.getByText(String(company.fieldData['Company Name']), { exact: true }).first()).toBeVisible();

    const contact = page.getByRole('region', { name: 'Contact Information' });
    for (const label of ['Address 1', 'Address 2', 'City', 'State', 'Zip', 'Primary Phone', 'Fax']) {
      await expect(contact.getByText(label, { exact: true })).toBeVisible();
    }
    for (const name of ['Address 1', 'City', 'Zip', 'Contact Main Telephone', 'Contact Fax Telephone']) {
      const value = String(company.fieldData[name] ?? '');
      if (value) await expect(contact.getByText(value, { exact: true })).toBeVisible();
    }

    // Report types: read-only ticks from the carriage-return separated field.
    const ticked = String(company.fieldData['Report Type'] ?? '').split(/\r\n?|\n/);
    const reportTypes = page.getByRole('region', { name: 'Report Type' });
    for (const type of REPORT_TYPES) {
      const box = reportTypes.getByRole('checkbox', { name: type, exact: true });
      if (ticked.includes(type)) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
    // Read-only: a click changes nothing.
    await reportTypes.getByRole('checkbox', { name: 'LDR', exact: true }).click({ force: true });
    if (ticked.includes('LDR')) await expect(reportTypes.getByRole('checkbox', { name: 'LDR', exact: true })).toBeChecked();
    else await expect(reportTypes.getByRole('checkbox', { name: 'LDR', exact: true })).not.toBeChecked();

    const codes = (company.portalData.Labeler_Codes ?? []).map((r) => String(r['Labeler_Codes::Labeler Code']));
    const labeler = page.getByRole('region', { name: 'Labeler Codes' });
    for (const code of codes) await expect(labeler.getByText(code, { exact: true })).toBeVisible();

    const contacts = page.getByRole('table', { name: 'Contacts' });
    for (const row of company.portalData.Contacts_Info ?? []) {
      await expect(contacts.getByText(String(row['Contacts_Info::Contact Last Name']), { exact: false }).first()).toBeVisible();
    }

    // Registrations: License Type, Registration, Expiration — only current DEA ones.
    const registrations = page.getByRole('table', { name: 'Registrations' });
    for (const header of ['License Type', 'Registration', 'Expiration']) {
      await expect(registrations.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(registrations.getByRole('row')).toHaveCount(1 + Math.min(current.length, 10));
    for (const row of current.slice(0, 10)) {
      await expect(registrations.getByRole('link', { name: regNumber(row), exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: `Add New Job for registration ${regNumber(row)}` })).toBeVisible();
    }
    for (const row of [...expired, ...other]) {
      await expect(page.getByText(regNumber(row), { exact: true })).toHaveCount(0);
    }

    // The registration link opens the registration.
    const first = current[0]!;
    await registrations.getByRole('link', { name: regNumber(first), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/3ds/registration/${first['Registration::Record_Number_PK_ID']}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Registration ${regNumber(first)}` })).toBeVisible();
  });

  test('the add-job plus button is hidden from a user without CREATE_JOB', async ({ page }) => {
    await signIn(page, 'viewer');
    const { company, current } = await companyWithMixedRegistrations(page);
    await page.goto(`company/${company.recordId}`);
    const registrations = page.getByRole('table', { name: 'Registrations' });
    await expect(registrations.getByRole('link', { name: regNumber(current[0]!), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add New Job for registration/ })).toHaveCount(0);
  });

  test('creating a job: OK is disabled while the name is blank, then the new job opens', async ({ page }) => {
    await signIn(page, 'clerk');
    const { company, current } = await companyWithMixedRegistrations(page);
    const number = regNumber(current[0]!);
    await page.goto(`company/${company.recordId}`);

    await page.getByRole('button', { name: `Add New Job for registration ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Job' });
    await expect(dialog).toBeVisible();
    const ok = dialog.getByRole('button', { name: 'OK' });
    await expect(ok).toBeDisabled();
    await dialog.getByLabel('Job Name').fill('   ');
    await expect(ok).toBeDisabled();
    await dialog.getByLabel('Job Name').fill(`E2E job ${Date.now()}`);
    await expect(ok).toBeEnabled();
    await ok.click();

    await expect(page).toHaveURL(/\/3ds\/job\/\d+$/);
    const jobId = /\/job\/(\d+)$/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Job ${jobId}\\b`) })).toBeVisible();
  });

  test("a refused job creation shows the server's message and keeps the modal open", async ({ page }) => {
    await signIn(page);
    const { company, current } = await companyWithMixedRegistrations(page);
    const number = regNumber(current[0]!);
    await page.goto(`company/${company.recordId}`);
    // The registration expires between opening the screen and pressing OK: the server refuses.
    await page.route('**/3ds/api/job', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          title: 'Validation Failed',
          message: 'The registration has expired; a job cannot be created on it',
          code: 'VALIDATION_FAILED',
          details: ['The registration has expired; a job cannot be created on it'],
        }),
      }),
    );
    await page.getByRole('button', { name: `Add New Job for registration ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Job' });
    await dialog.getByLabel('Job Name').fill('Refused job');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const refused = alert(page, 'The registration has expired; a job cannot be created on it');
    await expect(refused.first()).toBeVisible();
    await expect(refused.first()).toHaveAttribute('data-alert-type', 'DANGER');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Job Name')).toHaveValue('Refused job');
    await expect(page).toHaveURL(new RegExp(`/3ds/company/${company.recordId}$`));
  });
});

test.describe('registration detail', () => {
  test('shows the title, the registrant, the licence, the CSA schedules and the active jobs', async ({ page }) => {
    await signIn(page);
    const registration = await currentDeaRegistration(page);
    const jobId = await createJob(page, registration.id, `E2E registration job ${Date.now()}`);
    const data = await record(page, 'registrations', registration.id);
    await page.goto(`registration/${registration.id}`);

    await expect(page.getByRole('heading', { level: 1, name: `Registration ${registration.number}` })).toBeVisible();
    await expect(page.getByText(String(data.fieldData.Activity), { exact: true }).first()).toBeVisible();
    for (const label of ['Company ID', 'Company Name', 'Address 1', 'Address 2', 'Address 3', 'City', 'State', 'Zip', 'Status', 'Expiration Date', 'Agency Type', 'Agency']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: String(data.fieldData['Company Name']) })).toHaveAttribute(
      'href',
      `/3ds/company/${data.fieldData['Company ID']}`,
    );

    const schedules = page.getByRole('region', { name: 'CSA Schedules' });
    await expect(schedules).toBeVisible();
    for (const schedule of SCHEDULES) {
      const held = data.fieldData[`Schedule ${schedule}`] === 'Yes';
      await expect(schedules.getByRole('term').filter({ hasText: new RegExp(`^Schedule ${schedule}$`) })).toHaveCount(1);
      await expect(
        schedules.getByRole('term').filter({ hasText: new RegExp(`^Schedule ${schedule}$`) }).locator('xpath=following-sibling::dd[1]'),
      ).toHaveText(held ? 'Yes' : 'No');
    }

    const jobs = page.getByRole('table', { name: 'Active Jobs' });
    for (const header of ['ID', 'Name', 'Initiated']) await expect(jobs.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await jobs.getByRole('link', { name: `View job ${jobId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/3ds/job/${jobId}$`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Job ${jobId}\\b`) })).toBeVisible();
  });

  test('uploading a picture says "Update Succeeded" and "View Registration" shows it full screen', async ({ page }) => {
    await signIn(page);
    const registration = await currentDeaRegistration(page, 1);
    await page.goto(`registration/${registration.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Registration ${registration.number}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Registration' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Update Registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Registration' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    const upload = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`/3ds/api/registration/${registration.id}/upload?field=Registration_Picture`));
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'registration.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: 'Chosen picture registration.png' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    await expect(alert(page, 'Update Succeeded')).toBeVisible();
    await expect(alert(page, 'Update Succeeded')).toHaveAttribute('data-alert-type', 'SUCCESS');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'View Registration' }).click();
    const viewer = page.getByRole('dialog', { name: /Registration/ });
    const picture = viewer.getByRole('img', { name: `Registration ${registration.number}` });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  });

  test('a file that is not an image is refused in the drop area and by the server', async ({ page }) => {
    await signIn(page);
    const registration = await currentDeaRegistration(page, 2);
    await page.goto(`registration/${registration.id}`);
    await page.getByRole('button', { name: 'Update Registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Registration' });
    const input = dialog.locator('input[type="file"]');

    // Refused by type in the browser: nothing is sent.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/upload?field=Registration_Picture')) sent += 1;
    });
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(alert(page, 'You may only upload images')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();

    // Named and typed as an image, but its bytes are not: the server says so and the file leaves the drop area.
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a PNG') });
    await expect(dialog.getByText('fake.png')).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const failed = alert(page, 'Update Failed: You may only upload images');
    await expect(failed).toBeVisible();
    await expect(failed).toHaveAttribute('data-alert-type', 'DANGER');
    await expect(dialog.getByText('fake.png')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(sent).toBe(1);
  });

  test('"Update Registration" is hidden from a user without UPDATE_REGISTRATION', async ({ page }) => {
    await signIn(page, 'clerk');
    const registration = await currentDeaRegistration(page);
    await page.goto(`registration/${registration.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Registration ${registration.number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'CSA Schedules' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Registration' })).toHaveCount(0);
  });
});

test.describe('reports', () => {
  test('Registration and Job ID are both required; nothing is sent without them', async ({ page }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/3ds/api/exportReport')) sent += 1;
    });
    await page.getByRole('button', { name: 'Download Excel' }).click();
    await expect(alert(page, 'Registration and Job ID are both required')).toBeVisible();
    await expect(alert(page, 'Registration and Job ID are both required')).toHaveAttribute('data-alert-type', 'WARNING');
    await page.getByLabel('Registration').fill('RN0000000');
    await page.getByRole('button', { name: 'Download PerNDC' }).click();
    await expect(page.getByLabel('Job ID')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  test('an Excel and a per-NDC report each open the download dialog, and the file downloads', async ({ page }) => {
    await signIn(page);
    const registration = await currentDeaRegistration(page, 3);
    const jobId = await createJob(page, registration.id, `E2E report job ${Date.now()}`);
    await page.goto('reports');
    await page.getByLabel('Registration').fill(registration.number);
    await page.getByLabel('Job ID').fill(jobId);
    await page.getByLabel('Show Arcos Items Only').check();

    for (const [button, reportType] of [
      ['Download Excel', 'excelExport'],
      ['Download PerNDC', 'perNdc'],
    ] as const) {
      const call = page.waitForRequest((r) => r.url().endsWith('/3ds/api/exportReport'));
      await page.getByRole('button', { name: button }).click();
      expect((await call).postDataJSON()).toEqual({
        registration: registration.number,
        jobId,
        containerName: '',
        showArcos: 1,
        reportType,
      });
      const dialog = page.getByRole('dialog', { name: 'Report ready' });
      const link = dialog.getByRole('link', { name: 'Download File' });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('download', 'export.xlsx');
      const download = page.waitForEvent('download');
      await link.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('export.xlsx');
      expect(await file.failure()).toBeNull();
      const href = await link.getAttribute('href');
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      expect((await response.body()).subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test("a job of another registration shows the server's message", async ({ page }) => {
    await signIn(page);
    const owner = await currentDeaRegistration(page, 4);
    const other = await currentDeaRegistration(page, 5);
    const jobId = await createJob(page, owner.id, `E2E foreign job ${Date.now()}`);
    await page.goto('reports');
    await page.getByLabel('Registration').fill(other.number);
    await page.getByLabel('Job ID').fill(jobId);
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const refused = alert(page, `Job ${jobId} does not belong to registration ${other.number}.`);
    await expect(refused).toBeVisible();
    await expect(refused).toHaveAttribute('data-alert-type', 'DANGER');
    await expect(page.getByRole('dialog', { name: 'Report ready' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download Excel' })).toBeEnabled();
  });
});
