import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';

/**
 * How long a screen takes to answer: from the person's action (a click, an address) until the
 * screen's content is visible — the list's rows counted in its footer, the record's heading and
 * first card. Every figure is kept in `artifacts/screen-timings.jsonl` (one line per screen) and
 * checked against the budget: 300 ms on the demo data, on an idle machine (`SCREEN_BUDGET_MS` to
 * measure on a busy one without failing; the figures are what matters there).
 */
export const SCREEN_BUDGET_MS = Number(process.env.SCREEN_BUDGET_MS ?? 300);

const FILE = join(import.meta.dirname, '..', 'artifacts', 'screen-timings.jsonl');

export interface ScreenTiming {
  screen: string;
  ms: number;
  /** The first visit loads the screen's code too; later ones only its data. */
  visit: 'first' | 'again';
}

/**
 * Times `act` until the screen's content is there: `content` visible, or `ready` resolved (when
 * more than one thing must be seen). Wait with `shown` (a locator's own wait, checked on every
 * animation frame), not with `expect(…).toBeVisible()`, whose retries back off (100, 250, 500 ms…)
 * and would time the back-off rather than the screen.
 */
export async function timeScreen(screen: string, visit: ScreenTiming['visit'], act: () => Promise<unknown>, content: Locator | (() => Promise<unknown>)): Promise<ScreenTiming> {
  const started = performance.now();
  await act();
  if (typeof content === 'function') await content();
  else await shown(content);
  const timing = { screen, visit, ms: Math.round(performance.now() - started) };
  mkdirSync(join(FILE, '..'), { recursive: true });
  appendFileSync(FILE, `${JSON.stringify({ ...timing, at: new Date().toISOString() })}\n`);
  return timing;
}

/** Waits until the locator's element is visible, checked on every animation frame. */
export function shown(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'visible', timeout: 30_000 });
}

/** One line per screen: "Jobs 142 ms (first) / 88 ms (again)". */
export function timingTable(timings: readonly ScreenTiming[]): string {
  const screens = [...new Set(timings.map((t) => t.screen))];
  return screens
    .map((screen) => {
      const of = (visit: ScreenTiming['visit']) => timings.find((t) => t.screen === screen && t.visit === visit)?.ms;
      const first = of('first');
      const again = of('again');
      return `${screen.padEnd(34)} ${first === undefined ? '' : `${first} ms`.padStart(8)} ${again === undefined ? '' : `${again} ms`.padStart(8)}`;
    })
    .join('\n');
}
