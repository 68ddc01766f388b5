import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { RouteName } from '../../apps/web/src/config/paths.ts';
import { expect, untilStill } from './fixtures.ts';

/** The WCAG 2.1 A and AA rules (and axe's best practices) a screen is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** What every scan found, by screen or dialog, for the run's summary. */
export const scanned: { what: string; violations: number; serious: number; rules: string[] }[] = [];

/**
 * Scans the page as it is now (a screen, or a screen with a dialog open) with axe-core and fails
 * on any serious or critical violation, naming the rule, the elements and how to fix it.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Transitions finish first: a half-faded dialog reads as low contrast. A fade that starts after
  // the page looked still (a button's label coming back when its answer arrives) can still be
  // caught mid-way, so a contrast finding is confirmed by a second look once the page is still
  // again: a real one is there both times, a fade is gone.
  const scan = async () => {
    await untilStill(page);
    const found = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    return { found, serious: found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') };
  };
  let { found: results, serious } = await scan();
  for (let look = 0; look < 2 && serious.length > 0 && serious.every((v) => v.id === 'color-contrast'); look++) {
    await page.waitForTimeout(400);
    ({ found: results, serious } = await scan());
  }
  scanned.push({ what, violations: results.violations.length, serious: serious.length, rules: results.violations.map((v) => `${v.impact} ${v.id}`) });
  const report = serious
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`)
    .join('\n');
  expect(serious.length, `${what}: serious or critical accessibility violations\n${report}`).toBe(0);
}

/** The list screens, scanned by `accessibility-lists.spec.ts` (the other screens by `accessibility.spec.ts`). */
export const LIST_SCREENS: readonly (readonly [RouteName, string])[] = [
  ['companies', 'Companies'],
  ['registrations', 'Registrations'],
  ['jobs', 'Jobs'],
  ['containers', 'Containers'],
  ['yb-containers', 'Yellow Bucket Containers'],
  ['line-items', 'Line Items'],
  ['yb-line-items', 'Yellow Bucket Line Items'],
  ['dictionaries', 'Dictionary'],
];

/** Opens `path`, waits for its heading and for its record or list to arrive, and scans it. */
export async function scanScreen(page: Page, what: string, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The record or the list has arrived: no skeletons or loaders left.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, what);
}

/** Opens a dialog with `open`, scans the page with it, and closes it (`close`, or Escape). */
export async function scanDialog(page: Page, name: string | RegExp, open: () => Promise<void>, close?: (dialog: Locator) => Promise<void>): Promise<void> {
  await open();
  const shown = page.getByRole('dialog', { name });
  await expect(shown).toBeVisible();
  await expectAccessible(page, `dialog ${String(name)}`);
  if (close) await close(shown);
  else await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
}

/** What the run's scans found besides serious or critical violations (there are none, or the scan failed). */
export function scanSummary(): string {
  const minor = new Map<string, number>();
  for (const rule of scanned.flatMap((s) => s.rules)) minor.set(rule, (minor.get(rule) ?? 0) + 1);
  return `axe: ${scanned.length} scans, 0 serious or critical; minor or moderate: ${[...minor].map(([rule, n]) => `${rule} ×${n}`).join(', ') || 'none'}`;
}
