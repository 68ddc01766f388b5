/**
 * DEA registration numbers (docs/dea-registration-numbers.md): two letters and seven digits. The first letter
 * is the registrant type, the second the initial of the registrant's name (or `9`), and the last digit
 * a check digit: the last digit of (d1 + d3 + d5) + 2 × (d2 + d4 + d6). It only catches typos.
 * State licence numbers have their own formats and are not checked here.
 */
export const DEA_NUMBER = /^[A-Z][A-Z9]\d{7}$/;

/** The Federal Agency of a DEA registration, as registrations carry it (a State licence names its board). */
export const DEA_AGENCY = 'Drug Enforcement Administration';

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

/**
 * The letters DEA gives as the first letter of a registration number (the registrant type), from
 * DEA's "DEA Registration Record Layout" (Diversion Control Division, revised 2016–2017, section
 * "Registrant type (first letter of DEA Number)"): A/B/F/G pharmacies, hospitals/clinics,
 * practitioners and teaching institutions; M mid-level practitioners; P/R manufacturers,
 * distributors, researchers, analytical labs, importers, exporters, reverse distributors and narcotic
 * treatment programs. X, the first letter of a DATA-waived practitioner's second number, was issued
 * until the waiver ended (Consolidated Appropriations Act 2023); existing X numbers still appear on
 * paperwork, so 3DS accepts them. The layout's `0` (List I chemical handlers) is a digit, not a
 * letter: those registrations are not for controlled substances and are not DEA numbers 3DS holds.
 * Sources and notes: docs/dea-registration-numbers.md.
 */
export const DEA_REGISTRANT_TYPE_LETTERS = ['A', 'B', 'F', 'G', 'M', 'P', 'R', 'X'] as const;

/**
 * Reverse distributors hold numbers starting P or R: DEA's layout gives "P/R" to manufacturers,
 * distributors, researchers, analytical labs, importers, exporters, reverse distributors and
 * narcotic treatment programs (same source). Our own registration (Settings) is one of these.
 */
export const REVERSE_DISTRIBUTOR_TYPE_LETTERS = ['P', 'R'] as const;

/**
 * The registrant-type letters a registration of a business activity starts with (same source):
 * pharmacies, hospitals/clinics, practitioners and teaching institutions (A–D) A, B, F or G;
 * mid-level practitioners (M) M; every other activity (manufacturers, distributors, researchers,
 * analytical labs, importers, exporters, reverse distributors, narcotic treatment programs) P or R.
 */
export function registrantTypeLettersFor(activity: DeaBusinessActivityCode): readonly string[] {
  if (activity === 'A' || activity === 'B' || activity === 'C' || activity === 'D') return ['A', 'B', 'F', 'G'];
  if (activity === 'M') return ['M'];
  return REVERSE_DISTRIBUTOR_TYPE_LETTERS;
}

export const DEA_NUMBER_MESSAGES = {
  required: 'DEA Registration Number is required',
  format: 'A DEA Registration Number is two letters and seven digits, e.g. RS1234563',
  firstLetter: `A DEA Registration Number starts with a registrant-type letter DEA uses (${DEA_REGISTRANT_TYPE_LETTERS.join(', ')})`,
  checkDigit: 'The last digit of this DEA Registration Number is not its check digit: look for a typing mistake',
  notReverseDistributor: `Our DEA Registration Number is a reverse distributor's, which starts with ${REVERSE_DISTRIBUTOR_TYPE_LETTERS.join(' or ')}: DEA gives other first letters to pharmacies, hospitals, practitioners and teaching institutions (A, B, F, G) and mid-level practitioners (M)`,
} as const;

/**
 * What is wrong with a DEA registration number, or undefined when it is valid: two letters (the first
 * a registrant-type letter DEA uses, the second a letter or 9) and seven digits whose last is the
 * check digit. Letters in any case; spaces around are the caller's to trim.
 */
export function deaNumberProblem(number: string): string | undefined {
  const upper = number.toUpperCase();
  if (upper === '') return DEA_NUMBER_MESSAGES.required;
  if (!DEA_NUMBER.test(upper)) return DEA_NUMBER_MESSAGES.format;
  if (!(DEA_REGISTRANT_TYPE_LETTERS as readonly string[]).includes(upper[0]!)) return DEA_NUMBER_MESSAGES.firstLetter;
  if (deaCheckDigit(upper) !== Number(upper[8])) return DEA_NUMBER_MESSAGES.checkDigit;
  return undefined;
}

/**
 * What is wrong with our own registration number (Settings): a valid DEA number whose registrant
 * type is one a reverse distributor holds (P or R).
 */
export function ownDeaNumberProblem(number: string): string | undefined {
  const problem = deaNumberProblem(number);
  if (problem) return problem;
  return (REVERSE_DISTRIBUTOR_TYPE_LETTERS as readonly string[]).includes(number.toUpperCase()[0]!) ? undefined : DEA_NUMBER_MESSAGES.notReverseDistributor;
}

/**
 * True when `number` is two letters and seven digits (case-insensitive), the first a registrant-type
 * letter DEA uses, with a correct check digit.
 */
export function isValidDeaNumber(number: string): boolean {
  return deaNumberProblem(number) === undefined;
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
