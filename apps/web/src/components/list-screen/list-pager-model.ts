/**
 * The pager's arithmetic (spec 1 §2: "first page, last page, and two pages on either side of the
 * current one") and the footer text "Showing X to Y of Z entries". Pure, for unit tests.
 */
export type PagerItem = number | 'gap';

export const PAGER_SIBLINGS = 2;

export function pageCount(foundCount: number, size: number): number {
  return foundCount > 0 && size > 0 ? Math.ceil(foundCount / size) : 0;
}

/**
 * The page buttons to show: 1, the current page with two either side, the last page, and a gap
 * marker where pages are skipped. A gap that would hide a single page shows that page instead.
 */
export function pagerItems(current: number, total: number, siblings: number = PAGER_SIBLINGS): PagerItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const pages = new Set<number>([1, total]);
  for (let p = page - siblings; p <= page + siblings; p += 1) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

export interface ShowingRange {
  from: number;
  to: number;
  total: number;
}

/** The rows a page shows, 1-based; all zero when nothing was found. */
export function showingRange(page: number, size: number, foundCount: number, returnedCount?: number): ShowingRange {
  if (foundCount <= 0) return { from: 0, to: 0, total: 0 };
  const from = (page - 1) * size + 1;
  if (from > foundCount) return { from: 0, to: 0, total: foundCount };
  const to = Math.min(foundCount, returnedCount === undefined ? page * size : from + returnedCount - 1);
  return { from, to: Math.max(from, to), total: foundCount };
}

export function showingText({ from, to, total }: ShowingRange): string {
  // Plain numbers, as the found count reads elsewhere (no thousands separators).
  return `Showing ${from} to ${to} of ${total} entries`;
}
