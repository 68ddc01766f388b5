import { describe, expect, it } from 'vitest';
import { rowsInView } from '../src/components/list-screen/list-table.tsx';

describe('the rows a first page draws at once', () => {
  it('are the rows the table shows without scrolling, and two more', () => {
    // 820 px: the table's 524 px hold 12.8 rows of 41 px.
    expect(rowsInView(820)).toBe(15);
    expect(rowsInView(1400)).toBe(29);
  });

  it('are never fewer than ten (a short window still shows its table at its least height)', () => {
    expect(rowsInView(400)).toBe(10);
    expect(rowsInView(0)).toBe(10);
  });
});
