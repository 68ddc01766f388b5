import { defineConfig } from '@playwright/test';

/**
 * The journeys live in the demo registrant's day (Columbus, Ohio: America/New_York, as the demo's
 * settings say): the dates a journey writes — "yesterday", "ten days ago" — and the dates the browser
 * shows are counted in the same time zone as the server's business day, at any hour of the day the
 * suite runs. Set before the workers and the server start, which inherit it.
 */
export const DEMO_TIME_ZONE = 'America/New_York';
process.env.TZ = DEMO_TIME_ZONE;

/**
 * End-to-end tests in the system Chromium (no browser download). Global setup starts the built
 * server on a free port with a fresh embedded database and the demo data.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Files run side by side, two at a time (E2E_WORKERS to change it); the tests of one file run in
  // order in one worker. Every journey makes its own records, so no file waits on another's; the
  // Users journeys, which need admin to be the only administrator, stay in one file.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // Upper bounds, not waits: a journey waits for what it means and goes on as soon as it is there.
  // They are set for a busy two-core machine, where one embedded database serves both workers and a
  // request may wait behind another journey's export for seconds; on an idle one no journey nears them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './artifacts',
  // The first minute's screen timings run last, alone, on a machine as idle as the suite leaves it.
  projects: [
    { name: 'journeys', testIgnore: /first-minute\.spec\.ts$/ },
    { name: 'first-minute', testMatch: /first-minute\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  use: {
    browserName: 'chromium',
    timezoneId: DEMO_TIME_ZONE,
    viewport: { width: 1366, height: 820 },
    // A trace costs every test its recording; it is taken when a failed test runs again (CI retries once).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
