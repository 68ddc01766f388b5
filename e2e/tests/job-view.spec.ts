import type { APIRequestContext, Page } from '@playwright/test';
import { expect, login, test } from '../support/fixtures.ts';
import { api, apiToken, type Json } from '../support/api.ts';

/**
 * The job detail screen (spec 1 §2 "Job detail"). Every test makes its own job through the API, so
 * the tests neither depend on the demo data's counts nor on each other.
 */

/** A registration of the Drug Enforcement Administration that has not expired. */
async function currentRegistration(request: APIRequestContext, token: string) {
  const body = await api(request, token, 'get', 'registrations', undefined, {
    search: 'true',
    searchCriteria: JSON.stringify([{ omit: false, criteria: { 'Expiration Date': '>//', 'Federal Agency': 'Drug Enforcement' } }]),
    limit: '1',
  });
  const first = (body.data as { recordId: string; fieldData: Json }[])[0]!;
  return { id: first.recordId, number: String(first.fieldData['Registration Number']), company: String(first.fieldData['Company Name']) };
}

interface NewJob {
  id: string;
  name: string;
  registration: { id: string; number: string; company: string };
  token: string;
}

let sequence = 0;

async function createJob(request: APIRequestContext, name?: string): Promise<NewJob> {
  const token = await apiToken(request);
  const registration = await currentRegistration(request, token);
  sequence += 1;
  const jobName = name ?? `E2E job view ${Date.now()}-${sequence}`;
  const created = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registration.id), 'Job Name': jobName } });
  return { id: String(created.recordId), name: jobName, registration, token };
}

async function createContainer(request: APIRequestContext, job: NewJob, kind: 'container' | 'yb-container', containerName: string) {
  const created = await api(request, job.token, 'post', `${kind}/new`, { jobId: Number(job.id), containerName, netWeight: 2, packageWeight: 1, grossUoM: 'kg' });
  return String(created.recordId);
}

async function openJob(page: Page, id: string, username = 'admin') {
  await login(page, username);
  // Password hashing is deliberately slow; a busy machine needs a little longer than the default.
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 20_000 });
  await page.goto(`job/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Job ${id}` })).toBeVisible({ timeout: 20_000 });
  // The record has arrived once its cards are there.
  await expect(page.getByRole('region', { name: 'Job', exact: true })).toBeVisible({ timeout: 20_000 });
}

const heading = (page: Page, id: string) => page.getByRole('heading', { level: 1, name: `Job ${id}` });
const headingLock = (page: Page, id: string) => heading(page, id).locator('xpath=..').getByRole('img', { name: 'Locked' });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const containersTab = (page: Page) => page.getByRole('tab', { name: /^Containers/ });
const yellowTab = (page: Page) => page.getByRole('tab', { name: /^Yellow Bucket Containers/ });

/** A small valid PNG (1×1), and a minimal PDF, as uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test.describe('job view', () => {
  test.describe.configure({ timeout: 60_000 });

  test('shows the heading, the name and the grouped job info of a new job', async ({ page, request }) => {
    const job = await createJob(request);
    await openJob(page, job.id);

    await expect(page.getByText(job.name, { exact: true }).first()).toBeVisible();
    await expect(headingLock(page, job.id)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Job Ready' })).toBeVisible();

    for (const card of ['Job', 'Registration & company', 'Transport & disposal', 'Dates', 'Witnesses']) {
      await expect(page.getByRole('region', { name: card, exact: true })).toBeVisible();
    }
    const registration = page.getByRole('region', { name: 'Registration & company' });
    await expect(registration.getByRole('link', { name: job.registration.number })).toHaveAttribute('href', `/3ds/registration/${job.registration.id}`);
    await expect(registration.getByRole('link', { name: new RegExp(job.registration.company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toHaveAttribute(
      'href',
      /\/3ds\/company\/\d+$/,
    );
    const jobCard = page.getByRole('region', { name: 'Job', exact: true });
    await expect(jobCard.getByText(job.name)).toBeVisible();
    await expect(jobCard.getByText('Status')).toBeVisible();
    const dates = page.getByRole('region', { name: 'Dates' });
    for (const label of ['Filed', 'Initiated', 'Confirmed', 'Transfer', 'Destroyed', 'Vault In', 'Vault Out', 'Completed']) {
      await expect(dates.getByText(label, { exact: true })).toBeVisible();
    }
    // A new job is initiated today.
    const now = new Date();
    const today = `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
    await expect(dates.getByText(today)).toBeVisible();

    await expect(containersTab(page)).toHaveText(/Containers\s*0/);
    await expect(yellowTab(page)).toHaveText(/Yellow Bucket Containers\s*0/);
    await expect(page.getByText('0 Total Line Items')).toBeVisible();
    await expect(page.getByText('No containers in this job yet')).toBeVisible();
    // Unlocked: no "Pictures" link yet, but an admin may add pictures and documents.
    await expect(page.getByRole('button', { name: 'Pictures', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add or view pictures' })).toBeVisible();
  });

  test('renames the job inline; Escape cancels; an empty name is refused beside the field and nothing is sent', async ({ page, request }) => {
    const job = await createJob(request);
    await openJob(page, job.id);

    // Escape leaves the name as it was.
    await page.getByRole('button', { name: 'Edit job name' }).click();
    await page.getByRole('textbox', { name: 'Job Name' }).fill('Not this one');
    await page.getByRole('textbox', { name: 'Job Name' }).press('Escape');
    await expect(page.getByRole('textbox', { name: 'Job Name' })).toHaveCount(0);
    await expect(page.getByText(job.name, { exact: true }).first()).toBeVisible();

    // Enter saves.
    const renamed = `${job.name} (renamed)`;
    await page.getByRole('button', { name: 'Edit job name' }).click();
    await page.getByRole('textbox', { name: 'Job Name' }).fill(renamed);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/3ds/api/job/${job.id}`) && r.request().method() === 'PATCH');
    await page.getByRole('textbox', { name: 'Job Name' }).press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();

    // An empty name breaks the name's rule: said beside the field, nothing sent; Escape keeps the old name.
    let sent = false;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().endsWith(`/3ds/api/job/${job.id}`)) sent = true;
    });
    await page.getByRole('button', { name: 'Edit job name' }).click();
    const field = page.getByRole('textbox', { name: 'Job Name' });
    await field.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Job Name is required');
    expect(sent).toBe(false);
    await field.press('Escape');
    await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();
  });

  test('"Job Ready" sends the notification', async ({ page, request }) => {
    const job = await createJob(request);
    await openJob(page, job.id);
    await page.getByRole('button', { name: 'Job Ready' }).click();
    const sent = alertWith(page, 'A notification has been sent that your job is ready');
    await expect(sent).toBeVisible();
    await expect(sent).toHaveAttribute('data-alert-type', 'SUCCESS');
  });

  test('"Container" adds a container with the live gross weight and opens it', async ({ page, request }) => {
    const job = await createJob(request);
    await openJob(page, job.id);

    await page.getByRole('button', { name: 'Container', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Container' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Container Name').fill('E2E drum');
    await dialog.getByLabel('Pallet').fill('PLT-9');
    await dialog.getByRole('combobox', { name: 'Container Type' }).click();
    await page.getByRole('option', { name: 'Drum' }).click();
    await dialog.getByLabel('Package Weight').fill('1.25');
    await dialog.getByLabel('Net Weight').fill('2.5');
    await dialog.getByRole('combobox', { name: 'Gross UoM' }).click();
    await page.getByRole('option', { name: 'kg', exact: true }).click();
    await expect(dialog.getByLabel('Gross Weight')).toHaveValue('3.75 kg');

    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/3ds\/container\/\d+$/);
    const containerId = /\/container\/(\d+)$/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Container ${containerId}`) })).toBeVisible();

    await page.goto(`job/${job.id}`);
    await expect(containersTab(page)).toHaveText(/Containers\s*1/);
    const row = page.getByRole('row').filter({ hasText: 'E2E drum' });
    await expect(row).toContainText('PLT-9');
    await expect(row).toContainText('3.75 kg');
    await expect(row.getByRole('link', { name: `View container ${containerId}` })).toHaveAttribute('href', `/3ds/container/${containerId}`);
  });

  test('an empty "New Container" is an "Invalid Form"', async ({ page, request }) => {
    const job = await createJob(request);
    await openJob(page, job.id);
    await page.getByRole('button', { name: 'Container', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Container' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(alertWith(page, 'Invalid Form')).toHaveAttribute('data-alert-type', 'WARNING');
    await expect(dialog).toBeVisible();
  });

  test('"Yellow Bucket" adds a Yellow Bucket container and opens it', async ({ page, request }) => {
    const job = await createJob(request);
    await openJob(page, job.id);

    await yellowTab(page).click();
    await page.getByRole('button', { name: 'Yellow Bucket', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Yellow Bucket Container' });
    await dialog.getByLabel('Container Name').fill('E2E bucket');
    await dialog.getByRole('combobox', { name: 'Container Type' }).click();
    await page.getByRole('option', { name: '55 G Poly' }).click();
    await dialog.getByRole('combobox', { name: 'Gross UoM' }).click();
    // The Yellow Bucket units.
    for (const unit of ['Lb', 'kg', 'g']) await expect(page.getByRole('option', { name: unit, exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'Lb', exact: true }).click();
    await dialog.getByLabel('Net Weight').fill('10');
    await expect(dialog.getByLabel('Gross Weight')).toHaveValue('10 Lb');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/3ds\/yb-container\/\d+$/);

    await page.goto(`job/${job.id}`);
    await expect(yellowTab(page)).toHaveText(/Yellow Bucket Containers\s*1/);
    await expect(containersTab(page)).toHaveText(/Containers\s*0/);
  });

  test('"Move To Yellow Bucket" asks with the exact text, then the container is in the Yellow Bucket tab', async ({ page, request }) => {
    const job = await createJob(request);
    const containerId = await createContainer(request, job, 'container', 'E2E mover');
    await openJob(page, job.id);
    await expect(containersTab(page)).toHaveText(/Containers\s*1/);

    // "No" leaves it where it is.
    await page.getByRole('button', { name: `Move container ${containerId} to Yellow Bucket` }).click();
    let dialog = page.getByRole('dialog', { name: 'Move To Yellow Bucket' });
    await expect(
      dialog.getByText(`Are you sure you want to move container ${containerId}? This action will delete the original container permanently.`, { exact: true }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(containersTab(page)).toHaveText(/Containers\s*1/);

    await page.getByRole('button', { name: `Move container ${containerId} to Yellow Bucket` }).click();
    dialog = page.getByRole('dialog', { name: 'Move To Yellow Bucket' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(alertWith(page, `Container ${containerId} is now Yellow Bucket container`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(containersTab(page)).toHaveText(/Containers\s*0/);
    await expect(yellowTab(page)).toHaveText(/Yellow Bucket Containers\s*1/);
    await yellowTab(page).click();
    await expect(page.getByRole('row').filter({ hasText: 'E2E mover' })).toBeVisible();
  });

  test('a refused move shows the spec message and closes the dialog', async ({ page, request }) => {
    const job = await createJob(request);
    const containerId = await createContainer(request, job, 'container', 'E2E refused');
    // The page must stay as it was when someone else locks the container: its live updates would
    // otherwise take the move icon away, sometimes between the click and the dialog.
    await page.route('**/3ds/api/events**', (route) => route.abort());
    await openJob(page, job.id);
    // Someone else locks the container meanwhile.
    await api(request, job.token, 'patch', `container/lock/${containerId}`);
    await page.getByRole('button', { name: `Move container ${containerId} to Yellow Bucket` }).click();
    const dialog = page.getByRole('dialog', { name: 'Move To Yellow Bucket' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    const failure = alertWith(page, 'An error occurred while attempting to move a container to a yellow bucket');
    await expect(failure).toBeVisible();
    await expect(failure).toHaveAttribute('data-alert-type', 'DANGER');
    await expect(dialog).toHaveCount(0);
    // The reload shows the container locked, without a move icon.
    await expect(page.getByRole('button', { name: `Move container ${containerId} to Yellow Bucket` })).toHaveCount(0);
  });

  test('"Lock Job" hides the edit actions and shows the Pictures link; "Unlock Job" brings them back', async ({ page, request }) => {
    const job = await createJob(request);
    const containerId = await createContainer(request, job, 'container', 'E2E locked');
    await openJob(page, job.id);
    const move = page.getByRole('button', { name: `Move container ${containerId} to Yellow Bucket` });
    await expect(page.getByRole('button', { name: 'Container', exact: true })).toBeVisible();
    await expect(move).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit job name' })).toBeVisible();

    await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Lock Job' });
    await expect(dialog.getByText('Are you sure you want to lock this job? Its containers and line items can no longer be changed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(alertWith(page, `Job ${job.id} is locked`)).toBeVisible();

    await expect(headingLock(page, job.id)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Container', exact: true })).toHaveCount(0);
    await expect(move).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit job name' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lock Job', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pictures', exact: true })).toBeVisible();
    await yellowTab(page).click();
    await expect(page.getByRole('button', { name: 'Yellow Bucket', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Unlock Job' }).click();
    const unlock = page.getByRole('dialog', { name: 'Unlock Job' });
    await expect(unlock.getByText('Are you sure you want to unlock this job?')).toBeVisible();
    // An unlock says why: Yes waits for the reason, which the job's history keeps.
    await expect(unlock.getByRole('button', { name: 'Yes' })).toBeDisabled();
    await unlock.getByLabel('Reason for unlocking').fill('A pallet number to correct');
    await unlock.getByRole('button', { name: 'Yes' }).click();
    await expect(headingLock(page, job.id)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Yellow Bucket', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pictures', exact: true })).toHaveCount(0);
  });

  test('a picture and a document added while unlocked show in the Pictures modal and as links once locked', async ({ page, request }) => {
    const job = await createJob(request);
    await openJob(page, job.id);

    // Uploaders see the gallery while the job is open, with "Add picture" on the empty slots.
    await page.getByRole('button', { name: 'Add or view pictures' }).click();
    let pictures = page.getByRole('dialog', { name: 'Pictures' });
    for (const tab of ['Reconciliation', 'Pick-Up', 'Transportation', 'Destruction', 'Driver']) {
      await expect(pictures.getByRole('tab', { name: tab })).toBeVisible();
    }
    await pictures.getByRole('tab', { name: 'Pick-Up' }).click();
    await expect(pictures.getByRole('img', { name: 'Pick-Up picture 1 (P1): no picture' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await pictures.getByRole('button', { name: 'Add picture P1', exact: true }).click();
    await (await chooser).setFiles({ name: 'pickup.png', mimeType: 'image/png', buffer: PNG });
    await expect(alertWith(page, 'Picture P1 was added')).toBeVisible();
    await expect(pictures.getByRole('img', { name: 'Pick-Up picture 1 (P1)', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(pictures).toHaveCount(0);
    await expect(page.getByText('1 of 61 pictures')).toBeVisible();

    // A document, attached while open.
    const pdfChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach CWF document' }).click();
    await (await pdfChooser).setFiles({ name: 'cwf.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(alertWith(page, 'CWF document was attached')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the CWF document' })).toBeVisible();
    // The Form 41 and the certificate are generated by 3DS: their rows offer no upload, ever.
    for (const generated of ['41', 'Certificate of Destruction']) {
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: generated, exact: true }) });
      await expect(row.getByText('Generated by 3DS')).toBeVisible();
      await expect(row.getByRole('button')).toHaveCount(0);
    }

    await page.getByRole('button', { name: 'Lock Job', exact: true }).click();
    await page.getByRole('dialog', { name: 'Lock Job' }).getByRole('button', { name: 'Yes' }).click();
    await expect(headingLock(page, job.id)).toBeVisible();

    // Locked: the links, a document link only for the file that is there.
    await expect(page.getByRole('link', { name: 'CWF', exact: true })).toHaveAttribute('href', /\/3ds\/api\/files\//);
    for (const missing of ['41', 'Shipping', 'Supporting', 'Digital 222']) {
      await expect(page.getByRole('link', { name: missing, exact: true })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Pictures', exact: true }).click();
    pictures = page.getByRole('dialog', { name: 'Pictures' });
    await pictures.getByRole('tab', { name: 'Pick-Up' }).click();
    const picture = pictures.getByRole('img', { name: 'Pick-Up picture 1 (P1)', exact: true });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    // No more adding once locked; the other slots are blank.
    await expect(pictures.getByRole('button', { name: /^Add picture/ })).toHaveCount(0);
    await expect(pictures.getByRole('img', { name: 'Pick-Up picture 2 (P2): no picture' })).toBeAttached();
  });

  test('exports open the download dialog; "Yellow Bucket Container" is disabled without any', async ({ page, request }) => {
    const job = await createJob(request);
    await createContainer(request, job, 'container', 'E2E export');
    await openJob(page, job.id);

    await page.getByRole('button', { name: 'Export to Excel' }).click();
    await expect(page.getByRole('menuitem', { name: 'Yellow Bucket Container' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'Standard Container' }).click();
    let download = page.getByRole('dialog').getByRole('link', { name: 'Download File' });
    await expect(download).toBeVisible();
    await expect(download).toHaveAttribute('download', 'export.xlsx');
    await expect(download).toHaveAttribute('href', /\/3ds\/api\/files\/.+export\.xlsx/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await createContainer(request, job, 'yb-container', 'E2E export bucket');
    await page.reload();
    await expect(yellowTab(page)).toHaveText(/Yellow Bucket Containers\s*1/);
    await page.getByRole('button', { name: 'Save as PDF' }).click();
    await page.getByRole('menuitem', { name: 'Yellow Bucket Container' }).click();
    download = page.getByRole('dialog').getByRole('link', { name: 'Download File' });
    await expect(download).toBeVisible();
    await expect(download).toHaveAttribute('download', 'export.pdf');
    const status = await page.evaluate(async (href) => (await fetch(href!)).status, await download.getAttribute('href'));
    expect(status).toBe(200);
  });

  test('a viewer sees the job but no edit, add, move, upload, lock or Job Ready controls', async ({ page, request }) => {
    const job = await createJob(request);
    const containerId = await createContainer(request, job, 'container', 'E2E viewer');
    await openJob(page, job.id, 'viewer');

    await expect(page.getByText(job.name, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'E2E viewer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible();
    // Job Ready mails operations: for those who make jobs (CREATE_JOB) only.
    await expect(page.getByRole('button', { name: 'Job Ready' })).toHaveCount(0);

    await expect(page.getByRole('button', { name: 'Edit job name' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Container', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Move container ${containerId} to Yellow Bucket` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lock Job', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add or view pictures' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Attach/ })).toHaveCount(0);
    await yellowTab(page).click();
    await expect(page.getByRole('button', { name: 'Yellow Bucket', exact: true })).toHaveCount(0);
  });
});
