import type { CodeSource } from '../catalogue/ndc-kinds.ts';
import { LABEL_CODE_PREFIX } from './label-code.ts';

/**
 * The one NDC reader: whatever a barcode scanner, a camera or a person gives — an NDC in any of its
 * written forms, a UPC-A, a GTIN-14, a GS1 element string from a DataMatrix or GS1-128, or a 3DS
 * label — read into the NDC candidates it can stand for and what else it holds (lot, expiry,
 * serial), or a reason it is not one.
 *
 * Sources of the rules (docs/scanning.md says more):
 * - NDC configurations 4-4-2, 5-3-2 and 5-4-1 (21 CFR 207.33(b)), and the 11-digit 5-4-2 form
 *   made by a leading zero in the short segment.
 * - An NDC in a GS1 code (GS1 US / HDMA bar code guidance, "Depicting an NDC within a GTIN"):
 *   GTIN-12 (UPC-A) = "3" + NDC-10 + check digit; GTIN-14 = indicator digit + "03" + NDC-10 + check
 *   digit. The GTIN carries the 10 digits without their hyphens, so which configuration they were
 *   written in is not in the code: up to three candidates.
 * - GS1 General Specifications: the mod-10 check digit; application identifiers 01 (GTIN, 14
 *   digits), 17 (expiration date, YYMMDD, day 00 meaning the last day of the month), 10 (batch or
 *   lot, up to 20 characters) and 21 (serial, up to 20 characters), variable-length fields ended by
 *   FNC1 (the ASCII group separator, 29) unless last; the AIM symbology identifiers ]C1 (GS1-128),
 *   ]d2 (GS1 DataMatrix), ]Q3 (GS1 QR) and ]e0 (GS1 DataBar).
 */

/** How the ten digits of an NDC-10 are split: labeler-product-package. */
export type NdcConfiguration = '4-4-2' | '5-3-2' | '5-4-1';

export interface NdcCandidate {
  /** The 11-digit NDC as the dictionary writes it: `LLLLL-PPPP-KK` (or `LLLLL-PPPP-**` for a bulk NDC). */
  ndc: string;
  /** How the NDC-10 was split, when it was one. */
  configuration?: NdcConfiguration;
}


export interface NdcCodeRead {
  kind: 'ndc';
  source: CodeSource;
  /** What the code says the NDC is; several when its configuration is not in the code. */
  candidates: NdcCandidate[];
  /** The digits as read (without hyphens), for a person to check against the package. */
  digits: string;
  gtin?: string;
  lot?: string;
  /** ISO date (YYYY-MM-DD). */
  expiry?: string;
  serial?: string;
}

export interface LabelCodeRead {
  kind: 'label';
  /** The line item the 3DS label was printed for. */
  lineItemId: number;
}

export interface InvalidCodeRead {
  kind: 'invalid';
  /** Why it is not an NDC, in words a person can act on. */
  reason: string;
}

export type CodeRead = NdcCodeRead | LabelCodeRead | InvalidCodeRead;

export interface ReadCodeOptions {
  /** Characters that stand for FNC1 besides the group separator (a scanner's configured substitute). */
  separators?: readonly string[];
  /** Today (ISO), for the century of a two-digit year. */
  today?: string;
}

const GS = '\u001d';

/** The GS1 mod-10 check digit of `digits` (the code without its check digit). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // From the right: the digit next to the check digit weighs 3, the next 1, and so on.
    const weight = (digits.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

const invalid = (reason: string): InvalidCodeRead => ({ kind: 'invalid', reason });

/** `LLLLL`, `PPPP`, `KK` → `LLLLL-PPPP-KK`. */
const ndc11 = (labeler: string, product: string, pkg: string) => `${labeler.padStart(5, '0')}-${product.padStart(4, '0')}-${pkg.padStart(2, '0')}`;

/** The three ways ten digits can be an NDC-10, as 11-digit NDCs. */
export function ndc10Candidates(digits: string): NdcCandidate[] {
  return [
    { ndc: ndc11(digits.slice(0, 4), digits.slice(4, 8), digits.slice(8)), configuration: '4-4-2' },
    { ndc: ndc11(digits.slice(0, 5), digits.slice(5, 8), digits.slice(8)), configuration: '5-3-2' },
    { ndc: ndc11(digits.slice(0, 5), digits.slice(5, 9), digits.slice(9)), configuration: '5-4-1' },
  ];
}

const CONFIGURATIONS: Record<string, NdcConfiguration> = { '4-4-2': '4-4-2', '5-3-2': '5-3-2', '5-4-1': '5-4-1' };

/** An NDC written with its segments: NDC-10 in one of its configurations, or NDC-11 (5-4-2). */
function readWrittenNdc(text: string): CodeRead | undefined {
  const parts = text.split(/[-\s]+/);
  if (parts.length !== 3) return undefined;
  const [labeler = '', product = '', pkg = ''] = parts;
  if (!/^\d+$/.test(labeler) || !/^\d+$/.test(product) || !/^(\d+|\*\*)$/.test(pkg)) return undefined;
  const shape = `${labeler.length}-${product.length}-${pkg.length}`;
  const digits = `${labeler}${product}${pkg}`;
  if (shape === '5-4-2') return { kind: 'ndc', source: 'ndc', digits, candidates: [{ ndc: `${labeler}-${product}-${pkg}` }] };
  const configuration = CONFIGURATIONS[shape];
  if (!configuration || pkg === '**') {
    return invalid(`"${text}" is not an NDC: its segments have ${shape} digits; an NDC has 4-4-2, 5-3-2, 5-4-1 or (11 digits) 5-4-2.`);
  }
  return { kind: 'ndc', source: 'ndc', digits, candidates: [{ ndc: ndc11(labeler, product, pkg), configuration }] };
}

/** The NDC-10 inside a GTIN-14 (`i03NNNNNNNNNNc`), its check digit verified. */
function ndcOfGtin(gtin: string): { digits: string } | InvalidCodeRead {
  if (!/^\d{14}$/.test(gtin)) return invalid(`The GTIN "${gtin}" must have 14 digits.`);
  const check = gs1CheckDigit(gtin.slice(0, 13));
  if (check !== Number(gtin[13])) return invalid(`The GTIN ${gtin} has a wrong check digit (${gtin[13]}; it should be ${check}): scan it again or type the NDC.`);
  if (gtin.slice(1, 3) !== '03') return invalid(`The GTIN ${gtin} does not hold an NDC: an NDC's GTIN has 03 after its indicator digit.`);
  return { digits: gtin.slice(3, 13) };
}

/** Fixed-length application identifiers (GS1 General Specifications §3.2), by AI: length of the data. */
const FIXED_LENGTH: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '11': 6,
  '12': 6,
  '13': 6,
  '15': 6,
  '16': 6,
  '17': 6,
  '20': 2,
};
/** Variable-length ones we read, with their maximum length, ended by FNC1 unless last. */
const VARIABLE_LENGTH: Record<string, number> = { '10': 20, '21': 20, '22': 20, '30': 8, '37': 8, '240': 30, '241': 30 };
const AI_NAMES: Record<string, string> = { '10': 'lot', '21': 'serial number', '22': 'consumer product variant', '240': 'additional product identification' };

/** The expiration date of AI 17: YYMMDD, day 00 = the month's last day; the century is the one nearest today (GS1 §7.12). */
export function gs1Date(yymmdd: string, today: string): string | undefined {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  const thisYear = Number(today.slice(0, 4));
  const century = Math.floor(thisYear / 100) * 100;
  const difference = yy - (thisYear % 100);
  const year = difference >= 51 ? century - 100 + yy : difference <= -50 ? century + 100 + yy : century + yy;
  if (month < 1 || month > 12) return undefined;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

interface Gs1Fields {
  [ai: string]: string;
}

/** Splits a GS1 element string into its AIs (FNC1 as GS), or says where it stops making sense. */
function splitElementString(data: string): Gs1Fields | InvalidCodeRead {
  const fields: Gs1Fields = {};
  let at = 0;
  while (at < data.length) {
    if (data[at] === GS) {
      at += 1;
      continue;
    }
    const two = data.slice(at, at + 2);
    const three = data.slice(at, at + 3);
    const ai = two in FIXED_LENGTH || two in VARIABLE_LENGTH ? two : three in VARIABLE_LENGTH ? three : undefined;
    if (!ai) return invalid(`The code holds an application identifier 3DS does not read (${data.slice(at, at + 4)}…): scan the package's other barcode or type the NDC.`);
    if (ai in fields) return invalid(`The code holds application identifier (${ai}) twice.`);
    at += ai.length;
    const fixed = FIXED_LENGTH[ai];
    if (fixed !== undefined) {
      const value = data.slice(at, at + fixed);
      if (value.length < fixed || !/^\d+$/.test(value)) return invalid(`The code is cut short: (${ai}) needs ${fixed} digits, it has "${value}".`);
      fields[ai] = value;
      at += fixed;
      continue;
    }
    const end = data.indexOf(GS, at);
    const value = data.slice(at, end === -1 ? undefined : end);
    const max = VARIABLE_LENGTH[ai]!;
    if (value === '') return invalid(`The code's (${ai}) is empty.`);
    if (value.length > max) {
      return invalid(`The ${AI_NAMES[ai] ?? `(${ai})`} in the code is longer than ${max} characters: the scanner may not be sending the group separator (FNC1).`);
    }
    fields[ai] = value;
    at = end === -1 ? data.length : end + 1;
  }
  return fields;
}

/** `(01)00312345678906(17)261231(10)ABC` → the same with FNC1 where a variable-length field ends. */
function fromHumanReadable(text: string): string | undefined {
  const parts = [...text.matchAll(/\((\d{2,4})\)([^(]*)/g)];
  if (!parts.length || parts.map((m) => m[0]).join('') !== text) return undefined;
  return parts.map(([, ai, value]) => `${ai}${value}${ai! in VARIABLE_LENGTH ? GS : ''}`).join('');
}

function readGs1(data: string, today: string): CodeRead {
  const fields = splitElementString(data);
  if ('kind' in fields) return fields as InvalidCodeRead;
  const gtin = fields['01'];
  if (!gtin) return invalid('The code holds no GTIN (01), so no NDC: scan the package\'s other barcode or type the NDC.');
  const inside = ndcOfGtin(gtin);
  if ('kind' in inside) return inside;
  let expiry: string | undefined;
  if (fields['17'] !== undefined) {
    expiry = gs1Date(fields['17'], today);
    if (!expiry) return invalid(`The expiration date (17) ${fields['17']} is not a date (YYMMDD).`);
  }
  return {
    kind: 'ndc',
    source: 'gs1',
    digits: inside.digits,
    candidates: ndc10Candidates(inside.digits),
    gtin,
    ...(fields['10'] !== undefined ? { lot: fields['10'] } : {}),
    ...(expiry ? { expiry } : {}),
    ...(fields['21'] !== undefined ? { serial: fields['21'] } : {}),
  };
}

const SYMBOLOGY = /^\](C1|d2|Q3|e0|E0|A0|d1|Q1)/;

/**
 * Reads what a scanner or a person gave. Surrounding spaces and a scanner's line end are ignored;
 * the configured FNC1 substitutes become the group separator.
 */
export function readCode(input: string, options: ReadCodeOptions = {}): CodeRead {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  let text = input.replace(/[\r\n]+$/g, '').trim();
  for (const separator of options.separators ?? []) if (separator) text = text.split(separator).join(GS);
  if (text === '') return invalid('Nothing was scanned.');

  const label = new RegExp(`^${LABEL_CODE_PREFIX}(\\d{1,9})$`, 'i').exec(text);
  if (label) return { kind: 'label', lineItemId: Number(label[1]) };

  const symbology = SYMBOLOGY.exec(text)?.[1];
  if (symbology) text = text.slice(3);
  if (text.startsWith(GS)) text = text.slice(1);

  if (text.startsWith('(')) {
    const element = fromHumanReadable(text);
    if (!element) return invalid(`"${input.trim()}" is not a GS1 code: write it as (01)…(17)…(10)…(21)…`);
    return readGs1(element, today);
  }
  if (symbology && ['C1', 'd2', 'Q3', 'e0'].includes(symbology)) return readGs1(text, today);
  if (text.includes(GS)) return readGs1(text, today);

  const written = /[-\s]/.test(text) ? readWrittenNdc(text) : undefined;
  if (written) return written;
  if (/^\d{5}-?\d{4}-?\*\*$/.test(text)) {
    const digits = text.replaceAll('-', '');
    return { kind: 'ndc', source: 'ndc', digits, candidates: [{ ndc: `${digits.slice(0, 5)}-${digits.slice(5, 9)}-**` }] };
  }
  if (!/^\d+$/.test(text)) {
    return invalid(`"${input.trim()}" is not an NDC or a barcode 3DS reads: an NDC has 10 or 11 digits (with or without hyphens).`);
  }

  switch (text.length) {
    case 10:
      return { kind: 'ndc', source: 'ndc-10-digits', digits: text, candidates: ndc10Candidates(text) };
    case 11:
      // An NDC-11 (5-4-2), or a GTIN-14 element string cut short: 11 digits are taken as the NDC.
      return { kind: 'ndc', source: 'ndc', digits: text, candidates: [{ ndc: ndc11(text.slice(0, 5), text.slice(5, 9), text.slice(9)) }] };
    case 12:
    case 13: {
      // UPC-A (GTIN-12) — a scanner may send it as EAN-13 with a leading zero.
      const upc = text.length === 13 ? (text.startsWith('0') ? text.slice(1) : '') : text;
      if (!upc) return invalid(`"${text}" is an EAN-13 barcode, not a drug package's UPC-A: type the NDC.`);
      const check = gs1CheckDigit(upc.slice(0, 11));
      if (check !== Number(upc[11])) return invalid(`The UPC-A ${upc} has a wrong check digit (${upc[11]}; it should be ${check}): scan it again or type the NDC.`);
      if (!upc.startsWith('3')) return invalid(`The UPC-A ${upc} does not hold an NDC: a drug package's UPC-A starts with 3.`);
      const digits = upc.slice(1, 11);
      return { kind: 'ndc', source: 'upc-a', digits, gtin: upc.padStart(14, '0'), candidates: ndc10Candidates(digits) };
    }
    case 14: {
      const inside = ndcOfGtin(text);
      if ('kind' in inside) return inside;
      return { kind: 'ndc', source: 'gtin-14', digits: inside.digits, gtin: text, candidates: ndc10Candidates(inside.digits) };
    }
    default:
      if (text.length >= 16 && text.startsWith('01')) return readGs1(text, today);
      return invalid(`${text.length} digits are not an NDC: an NDC has 10 or 11 digits, a UPC-A 12 and a GTIN 14.`);
  }
}
