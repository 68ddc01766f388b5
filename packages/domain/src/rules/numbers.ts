import { trimLine } from './text.ts';

/**
 * A number field takes a JSON number or a plain decimal written with digits — `-?\d+(\.\d+)?` — and
 * nothing else. JavaScript would also read "0x10", "0b101", "1e12", "+3", " 5 " and ".5e1" as
 * numbers; a record that the law requires to be accurate must not hold 16 where someone sent "0x10".
 */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number field's value: the number; null when it is empty (null, or text of nothing but spaces);
 * undefined when it is not a plain number.
 */
export function readNumber(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  // Nothing but spaces is empty; a tab or line break is not (see trimLine).
  if (trimLine(value) === '') return null;
  if (!DECIMAL_TEXT.test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export const notANumberMessage = (label: string) => `${label} must be a number written with digits and at most one decimal point, like 12 or 0.5`;
