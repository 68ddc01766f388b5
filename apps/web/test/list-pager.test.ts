import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems, showingRange, showingText } from '../src/components/list-screen/list-pager-model.ts';

describe('pager', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 'gap', 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, 'gap', 10]],
    [6, 20, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]],
    [10, 10, [1, 'gap', 8, 9, 10]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    // A gap that would hide one page shows the page instead.
    [5, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    [3, 0, []],
  ] as const)('page %i of %i → %j', (current, total, items) => {
    expect(pagerItems(current, total)).toEqual(items);
  });

  it('always shows the first page, the last page and two pages either side of the current one', () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const pages = pagerItems(current, total).filter((item): item is number => item !== 'gap');
        expect(pages).toContain(1);
        expect(pages).toContain(total);
        for (let p = Math.max(1, current - 2); p <= Math.min(total, current + 2); p += 1) expect(pages).toContain(p);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
      }
    }
  });

  it('counts pages', () => {
    expect(pageCount(0, 50)).toBe(0);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(4300, 100)).toBe(43);
  });
});

describe('"Showing X to Y of Z entries"', () => {
  it.each([
    [1, 50, 0, undefined, 'Showing 0 to 0 of 0 entries'],
    [1, 50, 40, 40, 'Showing 1 to 40 of 40 entries'],
    [1, 25, 40, 25, 'Showing 1 to 25 of 40 entries'],
    [2, 25, 40, 15, 'Showing 26 to 40 of 40 entries'],
    [3, 10, 4300, 10, 'Showing 21 to 30 of 4300 entries'],
    [2, 50, 120, undefined, 'Showing 51 to 100 of 120 entries'],
  ])('page %i, size %i, %i found (%s returned): %s', (page, size, found, returned, text) => {
    expect(showingText(showingRange(page, size, found, returned))).toBe(text);
  });

  it('says 0 to 0 for a page past the end', () => {
    expect(showingRange(9, 50, 40)).toEqual({ from: 0, to: 0, total: 40 });
  });
});
