/**
 * Percent values are stored as fractions (1 = 100 %) and shown with two decimals (spec 1 §9,
 * spec 2 §9: "shown as 0.00%"). Empty or unreadable input shows as `""`.
 */
export function formatPercent(fraction: number | string | null | undefined): string {
  if (fraction === null || fraction === undefined) return '';
  const text = String(fraction).trim();
  if (text === '') return '';
  const value = Number(text);
  if (!Number.isFinite(value)) return '';
  // Rounded on the scaled integer so that 0.12345 → 12.35 % and 1.005 does not drift to 100.49 %.
  const hundredths = Math.round(Number((value * 10_000).toPrecision(12)));
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}
