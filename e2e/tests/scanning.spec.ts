import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserType, Page } from '@playwright/test';
import { labelCode } from '@3ds/domain';
import { api, apiToken, receivedOn, scheduleTwoStock, type Json } from '../support/api.ts';
import { barcodePng, cameraVideo, expiry, gtinOf, upcOf, type Symbology } from '../support/barcodes.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * Scanning packages into containers: what a person with a keyboard-wedge scanner or the device
 * camera does — scan, check the filled form, save, scan the next — and scanning a 3DS label.
 * The codes are real: GS1 element strings with their group separators, and for the camera,
 * barcodes drawn by bwip-js played to Chromium as its camera.
 */

test.describe.configure({ timeout: 90_000 });

const GS = '\u001d';

interface Stock {
  token: string;
  ndc: string;
  registrationId: string;
}

/**
 * A schedule 2 NDC whose GTIN reads as this one NDC only (the dictionary holds no other NDC with
 * the same ten digits), so that a scan of it opens the form at once.
 */
async function scannableStock(request: APIRequestContext): Promise<Stock> {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 25);
  for (const ndc of ndcs) {
    if (!/^0|-0|-\d{4}-0/.test(ndc)) continue; // has an NDC-10 form
    const resolved = await api(request, token, 'get', 'ndc/resolve', undefined, { code: gtinOf(ndc) });
    if ((resolved.entries as Json[]).length === 1) return { token, ndc, registrationId };
  }
  throw new Error('no schedule 2 NDC of the demo dictionary reads unambiguously from its GTIN');
}

async function newContainer(request: APIRequestContext, stock: Stock, kind: 'container' | 'yb-container' = 'container'): Promise<string> {
  const job = await api(request, stock.token, 'post', 'job', {
    fieldData: { _fkRegistration_Record_Number: Number(stock.registrationId), 'Job Name': `Scan ${Date.now()}` },
  });
  const container = await api(request, stock.token, 'post', `${kind}/new`, { jobId: Number(job.recordId), containerName: 'Scan tote' });
  return String(container.recordId);
}

async function lineItemsOf(request: APIRequestContext, token: string, containerId: string, kind: 'container' | 'yb-container' = 'container'): Promise<Json[]> {
  const record = await api(request, token, 'get', `${kind === 'container' ? 'containers' : 'yb-containers'}/${containerId}`);
  const data = (record.data as { portalData: Record<string, Json[]> }[])[0]!;
  return Object.values(data.portalData)[0] ?? [];
}

async function fieldsOf(request: APIRequestContext, token: string, path: string): Promise<Json> {
  const record = await api(request, token, 'get', path);
  return (record.data as { fieldData: Json }[])[0]!.fieldData;
}

/** What a keyboard-wedge scanner does: the code's characters in one burst, then Enter. */
async function wedgeScan(page: Page, code: string) {
  // A person scans once the field shows its cursor again (after a form closes, say) and is no
  // longer reading the last code.
  const field = page.getByLabel('Scan or type an NDC');
  await expect(field).toBeFocused();
  await expect(field).not.toHaveAttribute('aria-busy', 'true');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test.describe('keyboard-wedge scanner', () => {
  test('a GS1 DataMatrix fills the form (NDC, lot, expiry, serial); a run of the same package takes a scan and an Enter each', async ({ page, request }) => {
    const stock = await scannableStock(request);
    const containerId = await newContainer(request, stock);
    const gtin = gtinOf(stock.ndc);
    const exp = expiry(2028, 5, 31);
    const dataMatrix = (lot: string, serial: string) => `]d201${gtin}17${exp.ai17}10${lot}${GS}21${serial}`;

    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto(`container/${containerId}`);
    const field = page.getByLabel('Scan or type an NDC');
    await expect(field).toBeFocused();

    // The first package: the form opens for its NDC with the lot, expiry and serial of the code.
    await wedgeScan(page, dataMatrix('LOT-A7', 'SN0001'));
    const form = page.getByRole('dialog', { name: `Enter Data For ${stock.ndc}` });
    await expect(form.getByLabel('Lot Number')).toHaveValue('LOT-A7');
    await expect(form.getByLabel('Expiration Date')).toHaveValue(exp.shown);
    await expect(form.getByLabel('Serial Number')).toHaveValue('SN0001');
    await expect(form.getByLabel('Source Number')).toBeFocused();
    // The rules of spec 2 §5 still hold: a whole package is counted in whole packs.
    await form.getByLabel('Pack Qty').fill('1.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toContainText('Pack Quantity For Complete NDCs Cannot Be Entered With A Decimal.');
    await form.getByLabel('Pack Qty').fill('2');
    await form.getByRole('combobox', { name: 'Source', exact: true }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    const source = await form.getByRole('combobox', { name: 'Source', exact: true }).inputValue();
    await form.getByLabel('Pack Qty').press('Enter');
    await expect(form).toBeHidden();

    // Saved: in the table, counted, and the field has the focus for the next package.
    const lineItems = page.getByRole('table', { name: 'Line Items' });
    await expect(lineItems.getByRole('row', { name: new RegExp(stock.ndc) })).toHaveCount(1);
    await expect(page.getByText('1 added in this run')).toBeVisible();
    await expect(field).toBeFocused();

    // The same NDC again: "same as last", Save has the focus, one Enter saves.
    await wedgeScan(page, dataMatrix('LOT-A7', 'SN0002'));
    await expect(form.getByText('Same as last')).toBeVisible();
    await expect(form.getByLabel('Pack Qty')).toHaveValue('2');
    await expect(form.getByLabel('Serial Number')).toHaveValue('SN0002');
    await expect(form.getByRole('button', { name: 'Save' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();
    await expect(page.getByText('2 added in this run')).toBeVisible();
    await expect(field).toBeFocused();

    // A scanner that sends FNC1 as Ctrl+] (how a keyboard types the group separator).
    await page.keyboard.type(`]d201${gtin}17${exp.ai17}10LOT-B2`);
    await page.keyboard.press('Control+BracketRight');
    await page.keyboard.type('21SN0003');
    await expect(field).toHaveValue(`]d201${gtin}17${exp.ai17}10LOT-B2\u241d21SN0003`);
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Lot Number')).toHaveValue('LOT-B2');
    await expect(form.getByLabel('Serial Number')).toHaveValue('SN0003');
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();
    await expect(page.getByText('3 added in this run')).toBeVisible();

    // The records: one line item per package, each with its own serial, the rest as entered once.
    const rows = await lineItemsOf(request, stock.token, containerId);
    expect(rows).toHaveLength(3);
    const items = await Promise.all(rows.map((row) => fieldsOf(request, stock.token, `line-item/${String(row.recordId)}`)));
    expect(items.map((item) => item['Serial Number']).sort()).toEqual(['SN0001', 'SN0002', 'SN0003']);
    for (const item of items) {
      expect(item).toMatchObject({ 'NDC Number': stock.ndc, 'Expiration Date': exp.shown, 'Pack Quantity': 2, Source: source });
    }
  });

  test('a scanner set to send ~ for FNC1; a UPC-A in a Yellow Bucket container; ten digits that read as two NDCs; codes that are not NDCs', async ({ page, request }) => {
    const stock = await scannableStock(request);
    const ybId = await newContainer(request, stock, 'yb-container');
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto(`yb-container/${ybId}`);
    const field = page.getByLabel('Scan or type an NDC');
    await expect(field).toBeFocused();

    // The scanner's substitute for FNC1, kept in this browser.
    await page.getByRole('button', { name: 'Scanner settings' }).click();
    await page.getByLabel('Group separator (FNC1) sent as').fill('a');
    await expect(page.getByText('Letters, digits and spaces occur in lots')).toBeVisible();
    await page.getByLabel('Group separator (FNC1) sent as').fill('~');
    await page.keyboard.press('Escape');
    await field.click();
    await wedgeScan(page, `01${gtinOf(stock.ndc)}10YB-LOT~21YB-SN-1`);
    const form = page.getByRole('dialog', { name: `Enter Data For ${stock.ndc}` });
    await expect(form.getByLabel('Lot Number')).toHaveValue('YB-LOT');
    await expect(form.getByLabel('Serial Number')).toHaveValue('YB-SN-1');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(field).toBeFocused();

    // A UPC-A holds the NDC alone; a Yellow Bucket line item starts with a pack quantity of 1.
    await wedgeScan(page, upcOf(stock.ndc));
    await expect(form.getByLabel('Lot Number')).toHaveValue('');
    await expect(form.getByLabel('Pack Qty')).toHaveValue('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('table', { name: 'Line Items' }).getByRole('row', { name: new RegExp(stock.ndc) })).toHaveCount(1);
    expect(await lineItemsOf(request, stock.token, ybId, 'yb-container')).toHaveLength(1);

    // Ten bare digits that two NDCs of the dictionary share: a chooser, the NDCs flagged as the selector flags them.
    await wedgeScan(page, '0009301301');
    const chooser = page.getByRole('dialog', { name: 'Which NDC is on the package?' });
    await expect(chooser.getByRole('listitem')).toHaveCount(2);
    await chooser.getByRole('button', { name: /^00093-0130-01/ }).click();
    await expect(page.getByRole('dialog', { name: 'Enter Data For 00093-0130-01' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Enter Data For 00093-0130-01' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(field).toBeFocused();

    // Not an NDC, a wrong check digit, an NDC the dictionary lacks: the reason, and the field ready for the next scan.
    await wedgeScan(page, 'hello');
    await expect(page.getByText('"hello" is not an NDC or a barcode 3DS reads')).toBeVisible();
    // The text is selected: the next scan replaces it.
    await expect(field).toBeFocused();
    await wedgeScan(page, `${upcOf(stock.ndc).slice(0, 11)}${(Number(upcOf(stock.ndc).at(-1)) + 1) % 10}`);
    await expect(page.getByText(/has a wrong check digit/)).toBeVisible();
    await wedgeScan(page, '1111-2222-33');
    await expect(page.getByText("No NDC in the dictionary matches the code's digits 1111222233")).toBeVisible();
    await page.getByRole('button', { name: 'Choose the NDC by hand' }).click();
    await expect(page.getByRole('dialog', { name: 'Select an NDC Number' })).toBeVisible();
  });

  test('scanning a 3DS label anywhere opens its line item; a locked container has no scan field', async ({ page, request }) => {
    const stock = await scannableStock(request);
    const containerId = await newContainer(request, stock);
    const item = await api(request, stock.token, 'post', 'line-item/new', {
      containerId: Number(containerId),
      ndc: stock.ndc,
      packQuantity: 1,
      percentFill: 1,
      ...(await receivedOn(request, stock.token, containerId, stock.ndc)),
    });
    const id = String(item.recordId);

    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // No text field has the focus: the scanner's burst is the label's.
    await page.getByRole('heading', { level: 1, name: 'Home' }).click();
    await page.keyboard.type(labelCode(id));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Line Item ${id}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/line-item/${id}$`));

    // In a text field the same keys are that field's: the search box keeps them.
    await page.goto('companies');
    await page.getByLabel('Quick search').click();
    await page.keyboard.type(labelCode(id));
    await expect(page.getByLabel('Quick search')).toHaveValue(labelCode(id));
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();

    // A locked container takes no line items: no scan field.
    await api(request, stock.token, 'patch', `container/lock/${containerId}`);
    await page.goto(`container/${containerId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Container ${containerId}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Line Items' })).toBeVisible();
    await expect(page.getByLabel('Scan or type an NDC')).toHaveCount(0);
  });
});

test.describe('camera', () => {
  let folder: string;
  test.beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), '3ds-camera-'));
  });
  test.afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** A Chromium whose camera shows the barcode. */
  async function withCamera(
    playwright: { chromium: BrowserType },
    launchOptions: { executablePath?: string; args?: string[] },
    name: string,
    bcid: Symbology,
    text: string,
  ): Promise<Browser> {
    const video = join(folder, `${name}.y4m`);
    await cameraVideo(video, await barcodePng(bcid, text, bcid === 'gs1datamatrix' ? 5 : 3));
    return playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
  }

  async function cameraJourney(browser: Browser, baseURL: string, containerId: string) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto(`container/${containerId}`);
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan with the camera' })).toBeVisible();
    return page;
  }

  test('a GS1 DataMatrix held to the camera fills the form as the scanner does', async ({ playwright, launchOptions, baseURL, request }) => {
    const stock = await scannableStock(request);
    const containerId = await newContainer(request, stock);
    const exp = expiry(2029, 2, 0);
    const browser = await withCamera(playwright, launchOptions, 'datamatrix', 'gs1datamatrix', `(01)${gtinOf(stock.ndc)}(17)${exp.ai17}(10)CAM-LOT(21)CAM-SN-9`);
    try {
      const page = await cameraJourney(browser, baseURL!, containerId);
      const form = page.getByRole('dialog', { name: `Enter Data For ${stock.ndc}` });
      await expect(form.getByLabel('Lot Number')).toHaveValue('CAM-LOT', { timeout: 20_000 });
      // Day 00: the last day of the month (February 2029 has 28).
      await expect(form.getByLabel('Expiration Date')).toHaveValue('02/28/2029');
      await expect(form.getByLabel('Serial Number')).toHaveValue('CAM-SN-9');
      await expect(page.getByRole('dialog', { name: 'Scan with the camera' })).toBeHidden();
      await form.getByLabel('Pack Qty').fill('1');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText('1 added in this run')).toBeVisible();
      const [row] = await lineItemsOf(request, stock.token, containerId);
      expect(await fieldsOf(request, stock.token, `line-item/${String(row!.recordId)}`)).toMatchObject({ 'Lot Number': 'CAM-LOT', 'Serial Number': 'CAM-SN-9', 'Expiration Date': '02/28/2029' });
    } finally {
      await browser.close();
    }
  });

  test('a UPC-A held to the camera opens the form for its NDC', async ({ playwright, launchOptions, baseURL, request }) => {
    const stock = await scannableStock(request);
    const containerId = await newContainer(request, stock);
    const browser = await withCamera(playwright, launchOptions, 'upca', 'upca', upcOf(stock.ndc));
    try {
      const page = await cameraJourney(browser, baseURL!, containerId);
      const form = page.getByRole('dialog', { name: `Enter Data For ${stock.ndc}` });
      await expect(form.getByLabel('Source Number')).toBeVisible({ timeout: 20_000 });
      await expect(form.getByLabel('Lot Number')).toHaveValue('');
    } finally {
      await browser.close();
    }
  });

  test('a printed 3DS label held to the camera opens its line item', async ({ playwright, launchOptions, baseURL, request }) => {
    const stock = await scannableStock(request);
    const containerId = await newContainer(request, stock);
    const item = await api(request, stock.token, 'post', 'line-item/new', {
      containerId: Number(containerId),
      ndc: stock.ndc,
      packQuantity: 1,
      percentFill: 1,
      ...(await receivedOn(request, stock.token, containerId, stock.ndc)),
    });
    const id = String(item.recordId);
    // The label's barcode as the label PDF draws it: Code 128 of 3DS-LI-{id}.
    const browser = await withCamera(playwright, launchOptions, 'label', 'code128', labelCode(id));
    try {
      const page = await cameraJourney(browser, baseURL!, containerId);
      await expect(page.getByRole('heading', { level: 1, name: `Line Item ${id}` })).toBeVisible({ timeout: 20_000 });
    } finally {
      await browser.close();
    }
  });
});
