import { ORDER_FORM_SCHEDULES } from '../catalogue/schedules.ts';
import { bulkAmountDestroyed, reportedPurity } from './line-item-quantities.ts';
import type { BulkKind } from '../catalogue/ndc-kinds.ts';
import { isBulkNdc } from './line-items.ts';
import { DEA_NUMBER, deaNumberProblem, isValidDeaNumber } from './registration.ts';
import type { ArcosFrequency } from './settings.ts';
import { trimLine } from './text.ts';

/**
 * The ARCOS automated transaction record (DEA ARCOS Registrant Handbook, section 5, exhibit 5.1;
 * docs/dea-paperwork.md "The ARCOS file"). Positions are 1-based and inclusive, as the handbook
 * gives them; the record is 80 characters (ARCOS Registrant Bulletin of June 15, 2005: "the standard
 * ARCOS 80 character record format").
 */
export const ARCOS_FIELDS = {
  reportingRegistrant: { start: 1, length: 9 },
  transactionCode: { start: 10, length: 1 },
  actionIndicator: { start: 11, length: 1 },
  ndc: { start: 12, length: 11 },
  quantity: { start: 23, length: 8 },
  unit: { start: 31, length: 1 },
  associateRegistrant: { start: 32, length: 9 },
  orderFormNumber: { start: 41, length: 9 },
  transactionDate: { start: 50, length: 6 },
  correctionNumber: { start: 56, length: 8 },
  strength: { start: 64, length: 4 },
  transactionIdentifier: { start: 68, length: 10 },
  documentIdentifier: { start: 78, length: 3 },
} as const;
export type ArcosField = keyof typeof ARCOS_FIELDS;
export const ARCOS_RECORD_LENGTH = 80;

/** The text of one field of a record (positions as the handbook gives them). */
export function arcosField(record: string, field: ArcosField): string {
  const { start, length } = ARCOS_FIELDS[field];
  return record.slice(start - 1, start - 1 + length);
}

/**
 * Transaction codes of the handbook's appendix 1 (transaction matrix, automated reports) that a
 * reverse distributor writes: P "Purchase or Other Receipt" when it takes an item back from the
 * client, Y "Destroyed" when it destroys it.
 */
export const ARCOS_TRANSACTION_CODES = { receipt: 'P', destroyed: 'Y' } as const;
export type ArcosTransactionCode = (typeof ARCOS_TRANSACTION_CODES)[keyof typeof ARCOS_TRANSACTION_CODES];

/**
 * Unit codes (docs/dea-paperwork.md, after handbook 5.12; the 5.11.3.1 example writes 417.29 g as 417290 with
 * unit 2, mg). A blank
 * unit means packages — or dosage units for a bulk `**` NDC; D and K count those in dozens and thousands.
 */
export const ARCOS_UNIT_CODES = { packages: ' ', dozens: 'D', thousands: 'K', µg: '1', mg: '2', g: '3', kg: '4', mL: '5', L: '6' } as const;

/**
 * The document identifier (positions 78–80) marks a record as produced by an automated system
 * (handbook 5.1, difference 1). Its value is the one in the handbook's automated examples (5.11.3.1);
 * docs/dea-paperwork.md asks for it to be confirmed against handbook 5.19 before a first submission.
 */
export const ARCOS_DOCUMENT_IDENTIFIER = 'E25';

/**
 * DEA controlled substance code of gamma-hydroxybutyric acid preparations (Schedule III, not narcotic:
 * the DEA list "Controlled Substances – Alphabetical Order", code 2012, e.g. Xyrem). 21 CFR 1304.33(c)
 * makes GHB in Schedule III ARCOS-reportable although it is not a narcotic; GHB itself (2010) is
 * Schedule I and reportable by its schedule.
 */
export const GHB_PREPARATIONS_DRUG_CODE = '2012';

/** The line item facts a record is built from (the line item and its NDC's dictionary entry). */
export interface ArcosLineItem {
  id: number;
  ndc: string;
  schedule: string | null;
  drugCode: string | null;
  bulkKind?: BulkKind | null | undefined;
  packQuantity: number | null;
  packSize: number | null;
  packSizeUoM: string | null;
  /** Fraction, 1 = 100 %: fill of a package, purity of a raw bulk substance. */
  percentFill: number | null;
  /** g/mL of a raw liquid (the dictionary's, else the line item's): its volume is reported as a weight. */
  density?: number | null | undefined;
  form222Number?: string | null | undefined;
}

export interface ArcosTransaction {
  code: ArcosTransactionCode;
  /** ISO `YYYY-MM-DD`: the job's date received (P) or date destroyed (Y). */
  date: string;
  /** Our DEA registration number (settings). */
  reportingRegistrant: string;
  /** The client's registration number (the job's registration). */
  associateRegistrant: string | null;
}

export type ArcosRecordResult = { record: string } | { reason: string };

/** The amount a record reports: whole quantity, unit code and strength (4 characters, blank when none). */
export type ArcosAmount = { quantity: number; unit: string; strength: string } | { reason: string };

const QUANTITY_MAX = 10 ** ARCOS_FIELDS.quantity.length - 1;

/** A product without binary floating-point noise (0.1 × 3), as the stored quantities are. */
const clean = (n: number) => Number(n.toPrecision(12));
const isWhole = (n: number) => Number.isInteger(clean(n));
const show = (n: number) => String(clean(n));

/**
 * A percentage in the 4-digit strength field: tenths of a percent, zero-filled (100 % is `1000`, as
 * the handbook's 5.11.3.1 example writes a raw material of full strength). Null when the percentage
 * needs a finer decimal or does not fit.
 */
export function arcosStrength(fraction: number): string | null {
  const tenths = clean(fraction * 1000);
  if (!Number.isInteger(tenths) || tenths <= 0 || tenths > 9999) return null;
  return String(tenths).padStart(ARCOS_FIELDS.strength.length, '0');
}

/** Weight and volume units from the largest to the smallest: a decimal amount moves down until whole. */
const WEIGHT_STEPS = [
  { uom: 'KG', code: ARCOS_UNIT_CODES.kg, label: 'kg' },
  { uom: 'G', code: ARCOS_UNIT_CODES.g, label: 'g' },
  { uom: 'MG', code: ARCOS_UNIT_CODES.mg, label: 'mg' },
  { uom: 'MCG', code: ARCOS_UNIT_CODES.µg, label: 'µg' },
];
const VOLUME_STEPS = [
  { uom: 'L', code: ARCOS_UNIT_CODES.L, label: 'L' },
  { uom: 'ML', code: ARCOS_UNIT_CODES.mL, label: 'mL' },
];
const UOM_ALIASES: Record<string, string> = { UG: 'MCG', 'µG': 'MCG' };

/**
 * A weight or volume in whole units (handbook 5.11.3.1: "convert the amount to units that do not
 * require fractions" — 417.29 g is 417290 mg): the amount in its own unit when whole, else in the next
 * smaller unit (×1000) until it is.
 */
function measuredAmount(amount: number, uom: string): { quantity: number; unit: string } | { reason: string } {
  const upper = UOM_ALIASES[uom.toUpperCase()] ?? uom.toUpperCase();
  const steps = WEIGHT_STEPS.some((s) => s.uom === upper) ? WEIGHT_STEPS : VOLUME_STEPS.some((s) => s.uom === upper) ? VOLUME_STEPS : null;
  if (!steps) return { reason: `The unit "${uom}" is not a weight or volume ARCOS has a unit code for (µg, mg, g, kg, mL, L)` };
  let at = steps.findIndex((s) => s.uom === upper);
  let value = amount;
  while (!isWhole(value) && at < steps.length - 1) {
    value *= 1000;
    at += 1;
  }
  const step = steps[at]!;
  if (!isWhole(value)) return { reason: `${show(amount)} ${uom} is not a whole number of ${step.label}, the smallest unit ARCOS has; it cannot be reported without rounding` };
  if (clean(value) > QUANTITY_MAX) {
    return { reason: `${show(amount)} ${uom} is ${show(value)} ${step.label} in whole units: ${String(clean(value)).length} digits, more than the 8 of the ARCOS quantity field` };
  }
  return { quantity: clean(value), unit: step.code };
}

/**
 * What an ARCOS record reports for a line item (docs/dea-paperwork.md "Quantities: what we store and
 * what ARCOS reports"):
 * - trade package (complete NDC): the number of packages, unit blank; a partial package (fill below
 *   100 %) carries its fill as the strength;
 * - bulk dosage formulation: the dosage units, in dozens (D) or thousands (K) when that is the UoM;
 * - bulk solution: its volume in mL or L;
 * - raw bulk powder or liquid: its weight or volume in whole units and its purity as the strength.
 * A quantity that would need a decimal or more than 8 digits gives the reason instead.
 */
export function arcosAmount(item: ArcosLineItem): ArcosAmount {
  const fill = item.percentFill ?? 1;
  const uom = (item.packSizeUoM ?? '').trim();
  const upper = uom.toUpperCase();
  if (!isBulkNdc(item.ndc)) {
    const packs = item.packQuantity;
    if (packs === null || packs <= 0) return { reason: 'Pack Quantity is empty: there is no package count to report' };
    if (!isWhole(packs)) return { reason: `Pack Quantity ${show(packs)} is not a whole number of packages` };
    if (clean(packs) > QUANTITY_MAX) return { reason: `Pack Quantity ${show(packs)} has more than the 8 digits of the ARCOS quantity field` };
    if (clean(fill) === 1) return { quantity: clean(packs), unit: ARCOS_UNIT_CODES.packages, strength: '    ' };
    const strength = arcosStrength(fill);
    if (!strength || fill > 1) return { reason: `A partial package at ${show(fill * 100)} % cannot be written in the strength field (whole tenths of a percent up to 100 %)` };
    return { quantity: clean(packs), unit: ARCOS_UNIT_CODES.packages, strength };
  }
  const size = item.packSize;
  if (size === null || size <= 0) return { reason: 'Pack Size is empty: there is no bulk amount to report' };
  if (item.bulkKind === 'dosage-formulation') {
    if (!isWhole(size)) return { reason: `${show(size)} dosage units is not a whole number` };
    const per = upper === 'K' ? 1000 : upper === 'D' ? 12 : 1;
    const counted = clean(size / per);
    const inCountUnit = per > 1 && Number.isInteger(counted);
    const quantity = inCountUnit ? counted : clean(size);
    if (quantity > QUANTITY_MAX) return { reason: `${show(size)} dosage units has more than the 8 digits of the ARCOS quantity field` };
    return { quantity, unit: inCountUnit ? upper : ARCOS_UNIT_CODES.packages, strength: '    ' };
  }
  if (item.bulkKind === 'solution') {
    const amount = measuredAmount(size, uom || 'mL');
    return 'reason' in amount ? amount : { ...amount, strength: '    ' };
  }
  if (item.bulkKind === 'raw-powder' || item.bulkKind === 'raw-liquid') {
    // The same amount the Form 41 prints as destroyed: a raw liquid of known density by its weight.
    const destroyed = bulkAmountDestroyed({ ndc: item.ndc, bulkKind: item.bulkKind, density: item.density }, { packSize: size, packSizeUoM: uom });
    const amount = destroyed ? measuredAmount(destroyed.amount, destroyed.unit) : measuredAmount(size, uom);
    if ('reason' in amount) return amount;
    // A purity entered above 100 % (spec 2 §5 allows a raw powder 105 %) is reported at full strength.
    const purity = reportedPurity(fill);
    const strength = arcosStrength(purity);
    if (!strength) return { reason: `A purity of ${show(purity * 100)} % cannot be written in the strength field (whole tenths of a percent)` };
    return { ...amount, strength };
  }
  return { reason: 'The dictionary does not say what kind of bulk NDC this is (raw powder or liquid, dosage formulation, solution)' };
}

/** The NDC as the record's 11 characters: its digits without hyphens; a bulk NDC keeps its `**`. */
export function arcosNdc(ndc: string): string | null {
  const m = /^(\d{5})-(\d{4})-(\d{2}|\*\*)$/.exec(ndc.trim());
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

const right = (text: string, length: number, fill = '0') => text.padStart(length, fill);
const left = (text: string, length: number) => text.padEnd(length, ' ');

/** ISO `YYYY-MM-DD` as the record's MMDDYY. */
const mmddyy = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(2, 4)}`;

/**
 * What is wrong with the item's DEA order form number, or null: a Schedule I or II receipt needs it
 * (appendix 1, note H), and one given must be the 9 characters of an order form number.
 */
export function arcosOrderFormProblem(item: Pick<ArcosLineItem, 'schedule' | 'form222Number'>, receipt: boolean): string | null {
  const orderForm = (item.form222Number ?? '').trim().toUpperCase();
  const needsOrderForm = receipt && (ORDER_FORM_SCHEDULES as readonly string[]).includes((item.schedule ?? '').toUpperCase());
  if (needsOrderForm && !orderForm) return `Schedule ${item.schedule} receipt without its DEA Form 222 number`;
  if (orderForm && !/^[0-9A-Z]{9}$/.test(orderForm)) return `Form 222 number "${orderForm}" is not the 9 characters of an order form number`;
  return null;
}

/**
 * One ARCOS transaction record for a line item, or why it cannot be written correctly. The caller
 * passes only ARCOS-reportable items (isArcosReportable); the fields the appendix 1 matrix makes
 * mandatory for the transaction code are checked here.
 */
export function arcosRecord(item: ArcosLineItem, transaction: ArcosTransaction): ArcosRecordResult {
  const reporting = transaction.reportingRegistrant.trim().toUpperCase();
  if (!isValidDeaNumber(reporting)) throw new Error(`The reporting registrant "${transaction.reportingRegistrant}" is not a DEA number`);
  const ndc = arcosNdc(item.ndc);
  if (!ndc) return { reason: `NDC "${item.ndc}" is not in the 5-4-2 form ARCOS needs` };
  const associate = (transaction.associateRegistrant ?? '').trim().toUpperCase();
  if (!associate) return { reason: "The job's registration has no number to report as the associate registrant" };
  if (!DEA_NUMBER.test(associate)) return { reason: `The associate registrant "${associate}" is not a DEA registration number (two letters and seven digits)` };
  // A receipt's associate is the client's DEA registration: held to its check digit too (a typed
  // number that fails it is no registration DEA issued). A destruction's is the DEA regional number.
  if (transaction.code === ARCOS_TRANSACTION_CODES.receipt && !isValidDeaNumber(associate)) {
    return { reason: `The associate registrant "${associate}" is not a valid DEA registration number: ${deaNumberProblem(associate)}` };
  }
  // The DEA order form number (field 8, positions 41–49) belongs to a receipt (P): appendix 1 gives a
  // destruction (Y) no order form field, so a Y record leaves it blank, whatever the item holds.
  const receipt = transaction.code === ARCOS_TRANSACTION_CODES.receipt;
  const orderForm = receipt ? (item.form222Number ?? '').trim().toUpperCase() : '';
  const orderFormProblem = receipt ? arcosOrderFormProblem(item, true) : null;
  if (orderFormProblem) return { reason: orderFormProblem };
  const amount = arcosAmount(item);
  if ('reason' in amount) return amount;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(transaction.date)) return { reason: 'The transaction date is missing' };
  if (!Number.isInteger(item.id) || item.id <= 0 || item.id >= 10 ** ARCOS_FIELDS.transactionIdentifier.length) {
    throw new Error(`Line item id ${item.id} does not fit the transaction identifier`);
  }
  const record = [
    reporting,
    transaction.code,
    ' ', // action indicator: blank for a regular transaction (D, A, I mark deletions, adjustments, insertions)
    ndc,
    right(String(amount.quantity), ARCOS_FIELDS.quantity.length),
    amount.unit,
    associate,
    left(orderForm, ARCOS_FIELDS.orderFormNumber.length),
    mmddyy(transaction.date),
    left('', ARCOS_FIELDS.correctionNumber.length), // correction number: only when DEA's error report asks for one
    amount.strength,
    right(String(item.id), ARCOS_FIELDS.transactionIdentifier.length),
    ARCOS_DOCUMENT_IDENTIFIER,
  ].join('');
  if (record.length !== ARCOS_RECORD_LENGTH) throw new Error(`An ARCOS record must have ${ARCOS_RECORD_LENGTH} characters, not ${record.length}`);
  return { record };
}

export const ARCOS_MESSAGES = {
  registrationMissing: 'Enter our DEA registration number in Settings first',
  regionalMissing: 'Enter the DEA Regional Number in Settings first: destruction (Y) records name it as the associate registrant',
  period: 'Period is a month written YYYY-MM (2026-01) or a quarter written YYYY-Qn (2026-Q1)',
} as const;

/**
 * A reporting period: a calendar month or quarter (21 CFR 1304.33(b): ARCOS reports are filed
 * quarterly, or monthly; our Settings say which).
 */
export interface ArcosPeriod {
  /** `2026-01` or `2026-Q1`. */
  label: string;
  frequency: ArcosFrequency;
  /** ISO first and last day. */
  start: string;
  end: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `2026-01` (a month) or `2026-Q1` (a quarter) as a period, or null. */
export function parseArcosPeriod(text: string): ArcosPeriod | null {
  const value = trimLine(text).toUpperCase();
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month) {
    const [year, m] = [Number(month[1]), Number(month[2])];
    if (m < 1 || m > 12 || year < 1971) return null;
    return { label: `${year}-${pad2(m)}`, frequency: 'monthly', start: `${year}-${pad2(m)}-01`, end: `${year}-${pad2(m)}-${pad2(lastDayOf(year, m))}` };
  }
  const quarter = /^(\d{4})-Q([1-4])$/.exec(value);
  if (quarter) {
    const [year, q] = [Number(quarter[1]), Number(quarter[2])];
    if (year < 1971) return null;
    const first = (q - 1) * 3 + 1;
    return { label: `${year}-Q${q}`, frequency: 'quarterly', start: `${year}-${pad2(first)}-01`, end: `${year}-${pad2(first + 2)}-${pad2(lastDayOf(year, first + 2))}` };
  }
  return null;
}

/** The period of a frequency that holds the day (ISO). */
export function arcosPeriodOf(frequency: ArcosFrequency, dayIso: string): ArcosPeriod {
  const [year, month] = [Number(dayIso.slice(0, 4)), Number(dayIso.slice(5, 7))];
  return parseArcosPeriod(frequency === 'monthly' ? `${year}-${pad2(month)}` : `${year}-Q${Math.floor((month - 1) / 3) + 1}`)!;
}

/** The period before one of the same frequency. */
export function previousArcosPeriod(period: ArcosPeriod): ArcosPeriod {
  const start = new Date(`${period.start}T00:00:00Z`);
  start.setUTCDate(0);
  return arcosPeriodOf(period.frequency, start.toISOString().slice(0, 10));
}

/** The period after one, of the frequency the reports are made in now. */
export function nextArcosPeriod(period: Pick<ArcosPeriod, 'end'>, frequency: ArcosFrequency): ArcosPeriod {
  const next = new Date(`${period.end}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return arcosPeriodOf(frequency, next.toISOString().slice(0, 10));
}

/** The last `count` full periods before the one holding today, newest first: what the Reports screen offers. */
export function recentArcosPeriods(frequency: ArcosFrequency, todayIso: string, count = 8): ArcosPeriod[] {
  const periods: ArcosPeriod[] = [];
  let period = previousArcosPeriod(arcosPeriodOf(frequency, todayIso));
  for (let i = 0; i < count; i += 1) {
    periods.push(period);
    period = previousArcosPeriod(period);
  }
  return periods;
}

/** A period in words: "January 2026", "Q1 2026 (January–March)". */
export function arcosPeriodText(period: ArcosPeriod): string {
  const name = (m: number) => new Date(Date.UTC(2000, m - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const year = period.start.slice(0, 4);
  const first = Number(period.start.slice(5, 7));
  if (period.frequency === 'monthly') return `${name(first)} ${year}`;
  return `Q${Math.floor((first - 1) / 3) + 1} ${year} (${name(first)}–${name(first + 2)})`;
}

/** Whether the period's report carries the year-end inventory (it ends on December 31). */
export const carriesYearEndInventory = (period: ArcosPeriod) => period.end.slice(5) === '12-31';

/**
 * Every December 31 (ISO) that earlier reports covered: from `coveredFrom` (the first day the reports
 * in force cover, null when there are none) up to, not including, the period's first day. Their
 * year-end inventory is what DEA holds and what a later report corrects.
 */
export function arcosYearEndsCovered(coveredFrom: string | null, period: ArcosPeriod): string[] {
  if (coveredFrom === null) return [];
  const yearEnds: string[] = [];
  for (let year = Number(coveredFrom.slice(0, 4)); year <= Number(period.start.slice(0, 4)); year += 1) {
    const yearEnd = `${year}-12-31`;
    if (yearEnd >= coveredFrom && yearEnd < period.start) yearEnds.push(yearEnd);
  }
  return yearEnds;
}

/** The file name of a period's report: `arcos-2026-Q1.txt`. */
export const arcosFileName = (period: ArcosPeriod) => `arcos-${period.label}.txt`;

/**
 * The control record, the first record of every ARCOS report (handbook §4 "Control Record"; §7.2:
 * the control record is edited first and a report that fails it is returned). The handbook's §4.3
 * layout could not be read from a source we hold (docs/dea-paperwork.md says what was confirmed): the
 * positions below are our reading, kept here and nowhere else so that one change corrects every report.
 * 1–9 reporting registrant; 10 `*` (marks the control record: no transaction code is `*`);
 * 11–14 the reporting period as MMYY of its last month; 15–23 the central reporter's number (blank:
 * we report for ourselves); 24–80 blank.
 */
export const ARCOS_CONTROL_FIELDS = {
  reportingRegistrant: { start: 1, length: 9 },
  marker: { start: 10, length: 1 },
  reportingPeriod: { start: 11, length: 4 },
  centralReporter: { start: 15, length: 9 },
} as const;

export function arcosControlRecord(reportingRegistrant: string, period: ArcosPeriod): string {
  const reporting = reportingRegistrant.trim().toUpperCase();
  if (!isValidDeaNumber(reporting)) throw new Error(`The reporting registrant "${reportingRegistrant}" is not a DEA number`);
  const mmyy = `${period.end.slice(5, 7)}${period.end.slice(2, 4)}`;
  return `${reporting}*${mmyy}${' '.repeat(9)}`.padEnd(ARCOS_RECORD_LENGTH, ' ');
}

/**
 * Year-end inventory records, in the December or fourth-quarter report (handbook §5.5 inventory
 * transaction codes): code `3` for each reportable item on hand at the close of December 31, dated
 * 1231YY, without an associate registrant or order form; code `8` ("no year-end inventory") once when
 * nothing reportable is on hand.
 */
export const ARCOS_INVENTORY_CODES = { yearEnd: '3', noYearEnd: '8' } as const;

export function arcosYearEndInventoryRecord(item: ArcosLineItem, reportingRegistrant: string, yearEndIso: string): ArcosRecordResult {
  const reporting = reportingRegistrant.trim().toUpperCase();
  const ndc = arcosNdc(item.ndc);
  if (!ndc) return { reason: `NDC "${item.ndc}" is not in the 5-4-2 form ARCOS needs` };
  const amount = arcosAmount(item);
  if ('reason' in amount) return amount;
  const record = [
    reporting,
    ARCOS_INVENTORY_CODES.yearEnd,
    ' ',
    ndc,
    right(String(amount.quantity), ARCOS_FIELDS.quantity.length),
    amount.unit,
    left('', ARCOS_FIELDS.associateRegistrant.length),
    left('', ARCOS_FIELDS.orderFormNumber.length),
    mmddyy(yearEndIso),
    left('', ARCOS_FIELDS.correctionNumber.length),
    amount.strength,
    right(String(item.id), ARCOS_FIELDS.transactionIdentifier.length),
    ARCOS_DOCUMENT_IDENTIFIER,
  ].join('');
  return { record };
}

export function arcosNoYearEndInventoryRecord(reportingRegistrant: string, yearEndIso: string): string {
  const reporting = reportingRegistrant.trim().toUpperCase();
  const blankTo = (position: number, text: string) => text.padEnd(position - 1, ' ');
  let record = `${reporting}${ARCOS_INVENTORY_CODES.noYearEnd}`;
  record = blankTo(ARCOS_FIELDS.transactionDate.start, record) + mmddyy(yearEndIso);
  record = blankTo(ARCOS_FIELDS.documentIdentifier.start, record) + ARCOS_DOCUMENT_IDENTIFIER;
  return record;
}

/**
 * The transaction codes a report tracks per line item and corrects: receipts (P), destructions (Y)
 * and year-end inventory (3). The "no year-end inventory" record (8) names no line item and is not
 * tracked.
 */
export type ArcosTrackedCode = 'P' | 'Y' | '3';

/** A transaction as 3DS would write it now (its record with a blank action indicator). */
export interface ArcosWritten {
  lineItemId: number;
  code: ArcosTrackedCode;
  /** ISO transaction date: the date received (P), destroyed (Y), or the year-end, December 31 (3). */
  date: string;
  record: string;
}

/** A transaction DEA holds from our earlier reports (its record as written, action indicator blank). */
export interface ArcosHeld {
  lineItemId: number;
  code: ArcosTrackedCode;
  /**
   * ISO transaction date: always given for a year-end inventory (3), whose December 31 is part of what
   * it is (an item may be on hand at two year-ends); for P and Y it may be absent (reports made before
   * it was kept) and nothing depends on it.
   */
  date?: string | null | undefined;
  record: string;
  /** The kept report that carried it (for saying which report a pending correction concerns). */
  reportId?: number | undefined;
}

/**
 * What identifies a transaction DEA holds: the line item and code, and for a year-end inventory (3)
 * its December 31 too.
 */
export function arcosTransactionKey(t: { lineItemId: number; code: string; date?: string | null | undefined }): string {
  if (t.code === ARCOS_INVENTORY_CODES.yearEnd) {
    if (!t.date) throw new Error(`The year-end inventory transaction of line item ${t.lineItemId} has no date`);
    return `${t.lineItemId}|${t.code}|${t.date}`;
  }
  return `${t.lineItemId}|${t.code}`;
}

/** The action indicator (position 11; handbook §5.9): blank, D deletes a transaction reported earlier, I inserts a late one. */
export const ARCOS_ACTIONS = { regular: ' ', delete: 'D', insert: 'I' } as const;
export type ArcosAction = (typeof ARCOS_ACTIONS)[keyof typeof ARCOS_ACTIONS];

/** The record with its action indicator set. */
export function withAction(record: string, action: ArcosAction): string {
  const at = ARCOS_FIELDS.actionIndicator.start - 1;
  return `${record.slice(0, at)}${action}${record.slice(at + 1)}`;
}

export interface ArcosReportPlan {
  /** Transactions dated in the period. */
  regular: ArcosWritten[];
  /** Transactions reported earlier that are no longer what the records say: written again with `D`. */
  deletions: ArcosHeld[];
  /** Transactions dated before the period that DEA does not hold as they are now: written with `I`. */
  insertions: ArcosWritten[];
}

/**
 * What a report of the period carries beside its control record (handbook §5.9, §5.16; the summary
 * of reporting changes: "Corrections must be included with regular monthly or quarterly reports",
 * and a deletion or late insertion may be dated outside the period):
 * - every transaction dated in the period;
 * - for a transaction DEA holds from an earlier report whose record now reads otherwise (its
 *   quantity, date, NDC… changed, or the item was deleted or is no longer reportable): a deletion of
 *   what was reported, and, when it still belongs before this period, its record as it now is, inserted;
 * - a transaction dated before the period within what earlier reports covered (`coveredFrom`) that
 *   DEA does not hold (entered or made reportable late): inserted.
 * `now` holds the transactions as written today, dated on or before the period's end. A year-end
 * inventory (3) is one transaction per line item and December 31: the caller gives, for each year-end
 * earlier reports covered, the records of the items on hand then as the records give them today, so
 * that one held and changed is deleted and inserted, one held whose item is no longer on hand then
 * (deleted, destroyed earlier, no longer reportable) is deleted, and one not held is inserted.
 */
export function planArcosReport(period: ArcosPeriod, now: readonly ArcosWritten[], held: readonly ArcosHeld[], coveredFrom: string | null): ArcosReportPlan {
  const key = arcosTransactionKey;
  const nowByKey = new Map(now.map((t) => [key(t), t]));
  const heldByKey = new Map(held.map((t) => [key(t), t]));
  const plan: ArcosReportPlan = { regular: [], deletions: [], insertions: [] };
  for (const h of held) {
    const current = nowByKey.get(key(h));
    if (current && current.record === h.record) continue;
    plan.deletions.push(h);
    if (current && current.date < period.start) plan.insertions.push(current);
  }
  for (const t of now) {
    const h = heldByKey.get(key(t));
    if (h && h.record === t.record) continue;
    if (t.date >= period.start && t.date <= period.end) plan.regular.push(t);
    else if (!h && coveredFrom !== null && t.date >= coveredFrom && t.date < period.start) plan.insertions.push(t);
  }
  // Receipts, then destructions, then year-end inventory (by its December 31); by line item within each.
  const rank = (code: ArcosTrackedCode) => ['P', 'Y', '3'].indexOf(code);
  const yearEndOf = (t: ArcosWritten | ArcosHeld) => (t.code === ARCOS_INVENTORY_CODES.yearEnd ? (t.date ?? '') : '');
  const order = (a: ArcosWritten | ArcosHeld, b: ArcosWritten | ArcosHeld) =>
    rank(a.code) - rank(b.code) || yearEndOf(a).localeCompare(yearEndOf(b)) || a.lineItemId - b.lineItemId;
  plan.regular.sort(order);
  plan.deletions.sort(order);
  plan.insertions.sort(order);
  return plan;
}

/**
 * Which kept report each correction the next report would carry concerns: a deletion, the report that
 * carried what it deletes; an insertion, the report whose period holds its date (a late entry, or the
 * year-end inventory of its December 31). Counts by report id; a correction no report in force
 * covers is not counted.
 */
export function pendingCorrectionsByReport(
  plan: Pick<ArcosReportPlan, 'deletions' | 'insertions'>,
  reports: readonly { id: number; start: string; end: string }[],
): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (id: number | undefined) => {
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for (const d of plan.deletions) add(d.reportId ?? reports.find((r) => d.date && d.date >= r.start && d.date <= r.end)?.id);
  for (const i of plan.insertions) add(reports.find((r) => i.date >= r.start && i.date <= r.end)?.id);
  return counts;
}
