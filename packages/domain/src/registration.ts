/**
 * DEA registration numbers (DOMAIN.md "Registrations"): two letters and seven digits. The first letter
 * is the registrant type, the second the initial of the registrant's name (or `9`), and the last digit
 * a check digit: the last digit of (d1 + d3 + d5) + 2 × (d2 + d4 + d6). It only catches typos.
 * State licence numbers have their own formats and are not checked here.
 */
export const DEA_NUMBER = /^[A-Z][A-Z9]\d{7}$/;

/**
 * The check digit of a DEA number, computed from its two letters and first six digits
 * (`BJ123456` or the whole `BJ1234563`; letters in any case). Throws on anything else, because a
 * caller building a number from parts has a bug, not a user typo.
 */
export function deaCheckDigit(number: string): number {
  const upper = number.toUpperCase();
  if (!/^[A-Z][A-Z9]\d{6}\d?$/.test(upper)) {
    throw new Error(`Not a DEA number prefix: ${JSON.stringify(number)}`);
  }
  const d = [...upper.slice(2, 8)].map(Number) as [number, number, number, number, number, number];
  const sum = d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5]);
  return sum % 10;
}

/** True when `number` is two letters and seven digits (case-insensitive) with a correct check digit. */
export function isValidDeaNumber(number: string): boolean {
  const upper = number.toUpperCase();
  return DEA_NUMBER.test(upper) && deaCheckDigit(upper) === Number(upper[8]);
}

/**
 * DEA business activity codes. A Federal registration's activity is stored as
 * `"<code> - <name>"` (e.g. `"L - Reverse Distributor"`): it sorts by code and reads well.
 * N–U are the narcotic treatment program variants.
 */
export const DEA_BUSINESS_ACTIVITIES = {
  A: 'Pharmacy',
  B: 'Hospital/Clinic',
  C: 'Practitioner',
  D: 'Teaching Institution',
  E: 'Manufacturer',
  F: 'Distributor',
  G: 'Researcher',
  H: 'Analytical Lab',
  J: 'Importer',
  K: 'Exporter',
  L: 'Reverse Distributor',
  M: 'Mid-Level Practitioner',
  N: 'Narcotic Treatment Program',
} as const;

export type DeaBusinessActivityCode = keyof typeof DEA_BUSINESS_ACTIVITIES;

/** The stored activity text of a Federal registration, e.g. `"A - Pharmacy"`. */
export function deaActivityLabel(code: DeaBusinessActivityCode): string {
  return `${code} - ${DEA_BUSINESS_ACTIVITIES[code]}`;
}
