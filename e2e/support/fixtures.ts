import { test as base, expect, type Page } from '@playwright/test';

/** `baseURL` points at the server global setup started; `/3ds/` is the app. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(`${process.env.E2E_BASE_URL}/3ds/`);
  },
});
export { expect };

export const DEMO_PASSWORD = 'demo';

/** Signs in through the login screen as a person does. */
export async function login(page: Page, username = 'admin', password = DEMO_PASSWORD) {
  await page.goto('./');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
