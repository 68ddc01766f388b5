import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../src/rules/percent.ts';

describe('formatPercent', () => {
  it.each([
    [1, '100.00%'],
    [0.5, '50.00%'],
    [0.335, '33.50%'],
    [0.12345, '12.35%'],
    [1.05, '105.00%'],
    [0, '0.00%'],
    [0.00004, '0.00%'],
    [-0.25, '-25.00%'],
    ['0.75', '75.00%'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['abc', ''],
  ])('%s → %s', (input, expected) => expect(formatPercent(input)).toBe(expected));
});
