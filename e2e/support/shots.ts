import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A screenshot of what the journey shows now, into `SHOTS_DIR` when it is set (to look at what was
 * built); nothing otherwise.
 */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}
