import { test as base, expect, type Page, type Response } from '@playwright/test';

/** Chromium's CPU slowed this many times (`E2E_CPU_THROTTLE=4`): the journeys as a busy machine runs them. */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

/** `baseURL` points at the server global setup started; `/3ds/` is the app. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(`${process.env.E2E_BASE_URL}/3ds/`);
  },
  page: async ({ page }, use) => {
    if (CPU_THROTTLE > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await use(page);
  },
});
export { expect };

export const DEMO_PASSWORD = 'demo';

/**
 * Signs in through the login screen as a person does, and waits for the server's answer to the
 * sign-in, however long a busy machine takes to check the password (the journey's own time limit
 * bounds it), so that what the journey waits for next is only the screen. Answers the answer.
 */
export async function login(page: Page, username = 'admin', password = DEMO_PASSWORD): Promise<Response> {
  await page.goto('./');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/3ds/api/login', { timeout: 0 });
  // Should the click fail, the journey fails with the click's error, not also with this wait's.
  answered.catch(() => {});
  await page.getByRole('button', { name: 'Login' }).click();
  return answered;
}

/**
 * Until nothing on the page moves: no transition or animation of a finite length runs (a dialog
 * fading in or out, a menu opening), for three animation frames in a row — a transition starts a
 * frame or two after its element appears. Spinners and skeletons (infinite animations) do not count.
 * What a picture or an accessibility scan waits for, rather than a guess at how long a fade takes.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      // A dialog between its mount and its fade's first frame runs no transition yet but is not
      // all there either: one that is not fully opaque (itself or a parent) is still arriving.
      const faded = (element: Element | null): boolean => {
        for (let at = element; at; at = at.parentElement) if (Number(getComputedStyle(at).opacity) < 1) return true;
        return false;
      };
      const moving = () =>
        document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? 0))) ||
        [...document.querySelectorAll('[role="dialog"]')].some(faded) ||
        // A button waiting for its answer fades its label out and back in when the answer comes.
        document.querySelector('[data-loading]') !== null;
      for (let frame = 0; frame < 3; frame++) {
        if (moving()) return false;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return !moving();
    },
    undefined,
    { timeout: 0 },
  );
}
