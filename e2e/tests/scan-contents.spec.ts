import type { APIRequestContext } from '@playwright/test';
import { api, apiToken, scheduleTwoStock, type Json } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { expiry, gtinOf } from '../support/barcodes.ts';
import { expect, login, test } from '../support/fixtures.ts';

/**
 * Scanning shows the product, and the tote shows what is in it: the form a scan opens names the
 * product the NDC stands for (trade name, strength, form, package), and the container's Line Items
 * card shows each package's pack quantity and size, lot, expiry and serial, marking the one just
 * added — at desktop size and on a phone, where the scan field and the form's Save stay on screen.
 */

test.describe.configure({ timeout: 90_000 });

const GS = '\u001d';

interface Stock {
  token: string;
  ndc: string;
  registrationId: string;
  product: { tradeName: string; strength: string; form: string; packageDescription: string };
}

/** A schedule 2 NDC whose GTIN reads as this one NDC only, and what the dictionary says of it. */
async function scannableStock(request: APIRequestContext): Promise<Stock> {
  const token = await apiToken(request);
  const { registrationId, ndcs } = await scheduleTwoStock(request, token, 25);
  for (const ndc of ndcs) {
    if (!/^0|-0|-\d{4}-0/.test(ndc)) continue;
    const resolved = await api(request, token, 'get', 'ndc/resolve', undefined, { code: gtinOf(ndc) });
    if ((resolved.entries as Json[]).length !== 1) continue;
    const lookup = resolved.lookup as Stock['product'];
    return { token, ndc, registrationId, product: lookup };
  }
  throw new Error('no schedule 2 NDC of the demo dictionary reads unambiguously from its GTIN');
}

async function containerWith(request: APIRequestContext, stock: Stock, packages: number): Promise<string> {
  const job = await api(request, stock.token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(stock.registrationId), 'Job Name': `Tote contents ${Date.now()}` } });
  const container = await api(request, stock.token, 'post', 'container/new', { jobId: Number(job.recordId), containerName: 'Contents tote' });
  for (let i = 0; i < packages; i++) {
    await api(request, stock.token, 'post', 'line-item/new', {
      containerId: Number(container.recordId),
      ndc: stock.ndc,
      packQuantity: 1,
      lotNumber: `EARLIER-${i}`,
      expirationDate: '01/31/2028',
      serialNumber: `E${i}`,
    });
  }
  return String(container.recordId);
}

test('a scan opens the form naming the product; the saved package is marked in the table with its pack, lot, expiry and serial', async ({ page, request }) => {
  const stock = await scannableStock(request);
  const containerId = await containerWith(request, stock, 12);
  const exp = expiry(2029, 2, 28);

  await login(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`container/${containerId}`);
  const field = page.getByLabel('Scan or type an NDC');
  await expect(field).toBeFocused();
  await page.keyboard.type(`]d201${gtinOf(stock.ndc)}17${exp.ai17}10LOT-Q9${GS}21SN-77`);
  await page.keyboard.press('Enter');

  const form = page.getByRole('dialog', { name: `Enter Data For ${stock.ndc}` });
  const product = form.getByRole('region', { name: `Product of NDC ${stock.ndc}` });
  await expect(product.getByTestId('product-name')).toHaveText(stock.product.tradeName);
  for (const part of [stock.product.strength, stock.product.form, stock.product.packageDescription].filter(Boolean)) {
    await expect(product.getByTestId('product-details')).toContainText(part);
  }
  await expectAccessible(page, 'line item form opened by a scan, with its product');
  await page.screenshot({ path: test.info().outputPath('scan-form-product.png') });

  await form.getByLabel('Pack Qty').fill('3');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();

  // The 13th line item: on the second page of ten, which the card turns to, marked "Just added".
  const card = page.getByRole('region', { name: 'Line Items' });
  const added = card.locator('tr[data-just-added]');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('Just added');
  for (const text of [stock.ndc, '3', 'LOT-Q9', exp.shown, 'SN-77']) await expect(added).toContainText(text);
  await expect(added).toBeInViewport();
  await expect(page.getByText('Showing 11 to 13 of 13 entries')).toBeVisible();
  for (const header of ['Pk Qty', 'Pack Size', 'Lot#', 'Expires', 'Serial#']) {
    await expect(card.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  // Only the one just added is marked; the earlier packages show their own lots.
  await card.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(card.getByText('EARLIER-0')).toBeVisible();
  await expect(card.locator('[data-just-added]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('tote-contents.png'), fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the line items are cards, the scan field stays at the top and the form keeps Save on screen', async ({ page, request }) => {
    const stock = await scannableStock(request);
    const containerId = await containerWith(request, stock, 4);

    await login(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto(`container/${containerId}`);
    const field = page.getByLabel('Scan or type an NDC');
    await expect(field).toBeVisible();
    const cards = page.getByRole('list', { name: 'Line items on this page' });
    await expect(cards.getByRole('listitem')).toHaveCount(4);
    await expect(cards.getByRole('listitem').first()).toContainText('EARLIER-0');
    await expect(page.getByRole('table', { name: 'Line Items' })).toHaveCount(0);

    // Scrolled down to the last card, the scan field is still there, under the header.
    await cards.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 600);
    await expect(field).toBeInViewport();

    await field.fill(stock.ndc);
    await field.press('Enter');
    const form = page.getByRole('dialog', { name: `Enter Data For ${stock.ndc}` });
    await expect(form.getByTestId('product-name')).toHaveText(stock.product.tradeName);
    // The form fills the screen; however far down its fields go, Save is on screen.
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeInViewport();
    await form.getByLabel('Pack Qty').fill('2');
    await expect(save).toBeInViewport();
    await form.getByLabel('Serial Number').fill('PHONE-1');
    await expectAccessible(page, 'line item form on a phone');
    await page.screenshot({ path: test.info().outputPath('phone-form.png') });
    await save.click();
    await expect(form).toBeHidden();
    const added = cards.locator('li[data-just-added]');
    await expect(added).toContainText('Just added');
    await expect(added).toContainText('PHONE-1');
    await expect(added).toBeInViewport();
    await expect(field).toBeInViewport();
    await expectAccessible(page, 'container on a phone');
    await page.screenshot({ path: test.info().outputPath('phone-container.png') });
  });
});
