import { formatIsoDate, parseUsDate } from './dates.ts';
import { readCode } from './ndc-code.ts';
import { deaNumberProblem } from './registration.ts';
import type { HoldingRegistration } from './registrants.ts';
import { hasControlCharacter, invisibleCharacter, invisibleCharacterMessage, printedTextProblem, textLength, trimLine } from './text.ts';
import { TEXT_LIMITS } from '../catalogue/constants.ts';
import { ORDER_FORM_SCHEDULES } from '../catalogue/schedules.ts';

/**
 * The Form 222 register (docs/dea-paperwork.md "The Form 222 register"): the DEA order forms the
 * reverse distributor issues to a client registration, the client being the supplier named on the
 * form. Schedule I and II substances travel to a reverse distributor on an order form (21 CFR
 * 1305.03; 1317.10(b): a registrant returning them "shall use an order form in the manner described
 * in part 1305"). One form names one supplier (1305.12(c)); one item on each numbered line, the
 * number of lines completed noted (1305.12(b)); the purchaser records on each line the packages
 * received and the date (1305.13(e): `receivingProblem`, the items received name the line); forms are kept two years, apart from
 * other records (1305.17(c)). A form is treated as valid for 60 days from its issue: a house rule
 * (see the docs for where the 60 days come from).
 */

export const ORDER_FORM_KINDS = ['paper', 'electronic'] as const;
export type OrderFormKind = (typeof ORDER_FORM_KINDS)[number];

/** The stored states of a form. "Partly received" and "received" follow from its lines' receipts (`orderFormReceipt`). */
export const ORDER_FORM_STATUSES = ['issued', 'executed', 'void', 'lost'] as const;
export type OrderFormStatus = (typeof ORDER_FORM_STATUSES)[number];

/** The states a status change may lead to (`POST /order-form/{id}/status`). */
export const ORDER_FORM_STATUS_CHANGES = ['executed', 'void', 'lost'] as const;
export type OrderFormStatusChange = (typeof ORDER_FORM_STATUS_CHANGES)[number];

/** House rule: a form is treated as valid this many days from its issue date. */
export const ORDER_FORM_VALID_DAYS = 60;
/** The single-sheet DEA Form 222 has 20 numbered lines. */
export const ORDER_FORM_MAX_LINES = 20;
/** The most packages one line may order (a sanity bound: no return holds a million packages of one item). */
export const ORDER_FORM_PACKAGES_MAX = 999_999;
export const ORDER_FORM_LIMITS = { note: 2000, reason: 500, item: TEXT_LIMITS.name, packageSize: TEXT_LIMITS.short } as const;

export const ORDER_FORM_KIND_TEXT: Record<OrderFormKind, string> = { paper: 'Paper', electronic: 'Electronic (CSOS)' };
export const ORDER_FORM_STATUS_TEXT: Record<OrderFormStatus, string> = { issued: 'Issued', executed: 'Executed', void: 'Void', lost: 'Lost' };

export function isOrderFormKind(value: unknown): value is OrderFormKind {
  return typeof value === 'string' && (ORDER_FORM_KINDS as readonly string[]).includes(value);
}

export function isOrderFormStatus(value: unknown): value is OrderFormStatus {
  return typeof value === 'string' && (ORDER_FORM_STATUSES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// The form's number
// ---------------------------------------------------------------------------------------------

/** A paper form's serial number: 9 digits. */
const PAPER_NUMBER = /^\d{9}$/;
/** An electronic (CSOS) order number: the year's two digits, X, six letters or digits (26X123456). */
const ELECTRONIC_NUMBER = /^\d{2}X[A-Z0-9]{6}$/;

/** The number as it is stored: without the spaces around it, its letters in capitals. */
export function normalFormNumber(text: string): string {
  return trimLine(text).toUpperCase();
}

export const ORDER_FORM_MESSAGES = {
  numberMissing: 'Enter the Form 222 number: 9 digits for a paper form, or like 26X123456 for an electronic (CSOS) order.',
  numberShape: (number: string) => `Form 222 number ${number} must be 9 digits (paper) or like 26X123456 (electronic).`,
  paperGivenElectronic: (number: string) =>
    `Form 222 number ${number} is an electronic (CSOS) order number, but the form is marked Paper: choose Electronic, or type the paper form's 9-digit number.`,
  electronicGivenPaper: (number: string) =>
    `Form 222 number ${number} is a paper form's number, but the form is marked Electronic: choose Paper, or type the CSOS order number (like 26X123456).`,
  kind: 'Kind must be paper or electronic.',
  issueDate: 'Issue Date must be a date as MM/DD/YYYY.',
  issueDateFuture: (date: string) => `Issue Date ${date} is after today: enter the day the form was issued.`,
  tooManyLines: (count: number) => `A Form 222 has ${ORDER_FORM_MAX_LINES} lines; this one lists ${count}. Put the rest on another form.`,
  lineNumber: (position: number, value: unknown) =>
    `Line ${position} of the list: its line number (${String(value)}) must be a whole number from 1 to ${ORDER_FORM_MAX_LINES}.`,
  lineTwice: (lineNo: number) => `Line ${lineNo} is listed twice: only one item may be entered on each numbered line (21 CFR 1305.12(b)).`,
  packages: (lineNo: number) => `Line ${lineNo}: Packages must be a whole number from 1 to ${ORDER_FORM_PACKAGES_MAX.toLocaleString('en-US')}.`,
  ndcOrItem: (lineNo: number) => `Line ${lineNo}: give the item's NDC, or describe the item.`,
  ndc: (lineNo: number, reason: string) => `Line ${lineNo}: ${reason}`,
  ndcAmbiguous: (lineNo: number, typed: string) =>
    `Line ${lineNo}: NDC ${typed} has 10 digits, which can be read three ways: write it with its hyphens (as on the package) or as the 11-digit NDC.`,
  noteControl: 'Note may hold line breaks, but no tabs or other control characters.',
  noteLong: `Note can be at most ${ORDER_FORM_LIMITS.note} characters.`,
  executedWithoutLines: (number: string) =>
    `Form 222 ${number} lists no item: a form is executed with at least one line completed (21 CFR 1305.12(b)). Add its lines first.`,
  executedExpired: (number: string, validUntil: string) =>
    `Form 222 ${number} was valid until ${formatIsoDate(validUntil)} (${ORDER_FORM_VALID_DAYS} days from its issue) and is expired: it is not executed now. Void it and issue a new form.`,
  reasonNeeded: (number: string, status: OrderFormStatusChange) =>
    `Say why Form 222 ${number} is ${status === 'lost' ? 'lost' : 'void'}: the reason is kept with the form.`,
  reasonLong: `The reason can be at most ${ORDER_FORM_LIMITS.reason} characters.`,
  final: (number: string, status: 'void' | 'lost') =>
    status === 'void'
      ? `Form 222 ${number} is void: a void form is kept as it is and never used again. Issue a new form.`
      : `Form 222 ${number} is lost: it is kept as it is and never used again (report a lost form to DEA, 21 CFR 1305.16). Issue a new form.`,
  already: (number: string, status: OrderFormStatus) => `Form 222 ${number} is already ${ORDER_FORM_STATUS_TEXT[status].toLowerCase()}.`,
  numberFixed: (number: string, status: OrderFormStatus) =>
    `Form 222 ${number} is ${ORDER_FORM_STATUS_TEXT[status].toLowerCase()}: its number and kind are those of the signed form and no longer change. Void it and issue a new form if they are wrong.`,
  changedSince: (number: string) => `Form 222 ${number} was changed by someone else since you opened it. Reload it and try again.`,
  duplicate: (number: string, other: { id: number | string; issuedOn: string; registrationNumber: string; companyName: string }) =>
    `Form 222 ${number} is already in the register: form ${other.id}, issued ${formatIsoDate(other.issuedOn)} to ${other.registrationNumber}${other.companyName ? ` (${other.companyName})` : ''}. A form number is used once.`,
  unknownRegistration: (id: number | string) => `There is no registration ${id}: choose the client's registration.`,
  stateLicence: (number: string) =>
    `Registration ${number} is a State licence, not a DEA registration: a Form 222 names the client's DEA registration as its supplier (21 CFR 1305.12(c)).`,
  invalidDeaNumber: (number: string, problem: string) => `Registration ${number} does not hold a valid DEA number (${problem}): correct the registration before issuing it a Form 222.`,
  notScheduleTwo: (number: string) =>
    `Registration ${number} is not registered for Schedule 2 or 2N: a Form 222 orders Schedule I and II substances, so its supplier must be registered for them. Choose the client's registration that holds Schedule 2.`,
  expiredRegistration: (number: string, expiration: string) =>
    `Registration ${number} expired on ${formatIsoDate(expiration)}: a Form 222 is issued to a current registration only.`,
} as const;

/**
 * What is wrong with a form's number for its kind, or undefined. A paper form carries its 9-digit
 * serial number; an electronic (CSOS) order its order number, the year's two digits, `X` and six
 * letters or digits. Either is the 9 characters an ARCOS receipt carries (docs/dea-paperwork.md).
 */
export function formNumberProblem(kind: unknown, text: string): string | undefined {
  const number = normalFormNumber(text);
  if (number === '') return ORDER_FORM_MESSAGES.numberMissing;
  const paper = PAPER_NUMBER.test(number);
  const electronic = ELECTRONIC_NUMBER.test(number);
  if (!paper && !electronic) return ORDER_FORM_MESSAGES.numberShape(number.length > 40 ? `${number.slice(0, 40)}…` : number);
  if (kind === 'paper' && !paper) return ORDER_FORM_MESSAGES.paperGivenElectronic(number);
  if (kind === 'electronic' && !electronic) return ORDER_FORM_MESSAGES.electronicGivenPaper(number);
  if (!isOrderFormKind(kind)) return ORDER_FORM_MESSAGES.kind;
  return undefined;
}

/** The kind a number's shape says it is (what a form can offer once a number is typed), or undefined. */
export function formKindOfNumber(text: string): OrderFormKind | undefined {
  const number = normalFormNumber(text);
  if (PAPER_NUMBER.test(number)) return 'paper';
  if (ELECTRONIC_NUMBER.test(number)) return 'electronic';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Dates and validity
// ---------------------------------------------------------------------------------------------

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso.slice(0, 10)}T00:00:00Z`) - Date.parse(`${fromIso.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/** The issue date as typed (MM/DD/YYYY), read as ISO, or the problem: not a date, or after today. */
export function readIssueDate(text: string, today: string): { iso: string } | { problem: string } {
  const iso = parseUsDate(text);
  if (!iso) return { problem: ORDER_FORM_MESSAGES.issueDate };
  if (iso > today) return { problem: ORDER_FORM_MESSAGES.issueDateFuture(formatIsoDate(iso)) };
  return { iso };
}

/** The last day a form issued on `issuedOn` is treated as valid: the issue date + 60 days (ISO). */
export function orderFormValidUntil(issuedOn: string): string {
  return addDays(issuedOn, ORDER_FORM_VALID_DAYS);
}

export interface OrderFormValidity {
  /** ISO. */
  validUntil: string;
  /** Today is past the last valid day. */
  expired: boolean;
  /** Days from today to the last valid day (0 on it; negative once expired). */
  daysLeft: number;
}

export function orderFormValidity(issuedOn: string, today: string): OrderFormValidity {
  const validUntil = orderFormValidUntil(issuedOn);
  const daysLeft = daysBetween(today, validUntil);
  return { validUntil, expired: daysLeft < 0, daysLeft };
}

/** A form that still awaits its goods (issued or executed): its validity matters. Void and lost are final. */
export function isOpenOrderFormStatus(status: OrderFormStatus): boolean {
  return status === 'issued' || status === 'executed';
}

export function isFinalOrderFormStatus(status: OrderFormStatus): status is 'void' | 'lost' {
  return status === 'void' || status === 'lost';
}

/**
 * The status as the screens show it: the stored state (an executed form's "Partly received" or
 * "Received" once goods arrived on it), and of a form still awaiting goods, ", expired" once today
 * is past its last valid day ("Issued", "Executed, expired", "Partly received, expired", "Void").
 * The list's Status field is the same in SQL (order-forms.layout.ts; a test holds the two equal).
 */
export function orderFormStatusText(status: OrderFormStatus, issuedOn: string, today: string, receipt: OrderFormReceipt = 'none'): string {
  const text = status === 'executed' && receipt !== 'none' ? ORDER_FORM_RECEIPT_TEXT[receipt] : ORDER_FORM_STATUS_TEXT[status];
  return isOpenOrderFormStatus(status) && receipt !== 'all' && orderFormValidity(issuedOn, today).expired ? `${text}, expired` : text;
}

/** An executed form's state once goods have arrived on it (1305.13(e)): worked out from its lines' receipts. */
export const ORDER_FORM_RECEIPT_TEXT: Record<Exclude<OrderFormReceipt, 'none'>, string> = { partly: 'Partly received', all: 'Received' };

/** How the screens say how long a form stays valid ("Valid until 03/02/2026 (12 days left)", "Expired on …"). */
export function orderFormValidityText(issuedOn: string, today: string): string {
  const { validUntil, expired, daysLeft } = orderFormValidity(issuedOn, today);
  const date = formatIsoDate(validUntil);
  if (expired) return `Expired on ${formatIsoDate(addDays(validUntil, 1))}: valid until ${date}, ${ORDER_FORM_VALID_DAYS} days from issue`;
  if (daysLeft === 0) return `Valid until today (${date})`;
  return `Valid until ${date} (${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left)`;
}

// ---------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------

/** A line as entered (the API's body, the dialog's row). */
export interface OrderFormLineInput {
  lineNo: unknown;
  ndc?: string | null | undefined;
  item?: string | null | undefined;
  packages: unknown;
  packageSize?: string | null | undefined;
}

/** A line as it is stored. */
export interface OrderFormLine {
  lineNo: number;
  /** `LLLLL-PPPP-KK` (or `…-**` for a bulk NDC), as the dictionary stores it; null for a described item. */
  ndc: string | null;
  item: string | null;
  packages: number;
  packageSize: string | null;
}

const optionalText = (value: string | null | undefined) => trimLine(value ?? '');

/** An NDC as typed, read by the one NDC reader (ndc-code.ts): the NDC as stored, or why it is not one. */
export function readLineNdc(lineNo: number, typed: string): { ndc: string } | { problem: string } {
  const read = readCode(typed);
  if (read.kind === 'invalid') return { problem: ORDER_FORM_MESSAGES.ndc(lineNo, read.reason) };
  if (read.kind !== 'ndc') return { problem: ORDER_FORM_MESSAGES.ndc(lineNo, `"${typed}" is a 3DS label, not an NDC.`) };
  if (read.candidates.length !== 1) return { problem: ORDER_FORM_MESSAGES.ndcAmbiguous(lineNo, typed) };
  return { ndc: read.candidates[0]!.ndc };
}

/**
 * The lines as stored (in line order), or every problem: at most 20 lines, each numbered 1–20 once
 * (one item per numbered line, 21 CFR 1305.12(b)), a whole number of packages above 0, and the item
 * named by its NDC (read as the NDC reader reads it) or described.
 */
export function readOrderFormLines(input: readonly OrderFormLineInput[]): { lines: OrderFormLine[] } | { problems: string[] } {
  const problems: string[] = [];
  if (input.length > ORDER_FORM_MAX_LINES) return { problems: [ORDER_FORM_MESSAGES.tooManyLines(input.length)] };
  const seen = new Set<number>();
  const lines: OrderFormLine[] = [];
  input.forEach((entry, index) => {
    const lineNo = entry.lineNo;
    if (typeof lineNo !== 'number' || !Number.isInteger(lineNo) || lineNo < 1 || lineNo > ORDER_FORM_MAX_LINES) {
      problems.push(ORDER_FORM_MESSAGES.lineNumber(index + 1, lineNo));
      return;
    }
    if (seen.has(lineNo)) {
      problems.push(ORDER_FORM_MESSAGES.lineTwice(lineNo));
      return;
    }
    seen.add(lineNo);
    const before = problems.length;
    const packages = entry.packages;
    if (typeof packages !== 'number' || !Number.isInteger(packages) || packages < 1 || packages > ORDER_FORM_PACKAGES_MAX) problems.push(ORDER_FORM_MESSAGES.packages(lineNo));
    const typedNdc = optionalText(entry.ndc);
    const item = optionalText(entry.item);
    const packageSize = optionalText(entry.packageSize);
    let ndc: string | null = null;
    if (typedNdc !== '') {
      const read = readLineNdc(lineNo, typedNdc);
      if ('problem' in read) problems.push(read.problem);
      else ndc = read.ndc;
    } else if (item === '') problems.push(ORDER_FORM_MESSAGES.ndcOrItem(lineNo));
    const itemProblem = printedTextProblem(`Line ${lineNo}: Item`, item, ORDER_FORM_LIMITS.item);
    if (itemProblem) problems.push(itemProblem);
    const sizeProblem = printedTextProblem(`Line ${lineNo}: Package Size`, packageSize, ORDER_FORM_LIMITS.packageSize);
    if (sizeProblem) problems.push(sizeProblem);
    if (problems.length === before) lines.push({ lineNo, ndc, item: item || null, packages: packages as number, packageSize: packageSize || null });
  });
  if (problems.length) return { problems };
  return { lines: lines.sort((a, b) => a.lineNo - b.lineNo) };
}

/** What is wrong with a note, or undefined: several lines are fine, other control characters and invisible ones are not. */
export function orderFormNoteProblem(note: string): string | undefined {
  if (hasControlCharacter(note.replace(/\r?\n/g, ''))) return ORDER_FORM_MESSAGES.noteControl;
  if (textLength(note) > ORDER_FORM_LIMITS.note) return ORDER_FORM_MESSAGES.noteLong;
  const invisible = invisibleCharacter(note);
  return invisible ? invisibleCharacterMessage('Note', invisible) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Status changes and edits
// ---------------------------------------------------------------------------------------------

/** The states each state may change to: void and lost are final; an executed form may still be voided or lost. */
export const ORDER_FORM_TRANSITIONS: Readonly<Record<OrderFormStatus, readonly OrderFormStatusChange[]>> = {
  issued: ['executed', 'void', 'lost'],
  // An executed form goods arrived on is not voided or lost (RECEIVED_FORM_MESSAGES.voidReceived, 409).
  executed: ['void', 'lost'],
  void: [],
  lost: [],
};

/** The changes a form in this state offers (the record screen's buttons). */
export function orderFormStatusChanges(status: OrderFormStatus): readonly OrderFormStatusChange[] {
  return ORDER_FORM_TRANSITIONS[status];
}

/** Why a form in state `from` cannot change to `to` (a 409), or undefined when it can. */
export function orderFormTransitionRefusal(number: string, from: OrderFormStatus, to: OrderFormStatusChange): string | undefined {
  if (ORDER_FORM_TRANSITIONS[from].includes(to)) return undefined;
  if (isFinalOrderFormStatus(from)) return ORDER_FORM_MESSAGES.final(number, from);
  return ORDER_FORM_MESSAGES.already(number, to);
}

/**
 * Why a form cannot be executed now (422), or undefined: it lists at least one line (21 CFR
 * 1305.12(b): the lines completed are noted on the form), and is still within its 60 days.
 */
export function orderFormExecutionProblem(number: string, lineCount: number, issuedOn: string, today: string): string | undefined {
  if (lineCount === 0) return ORDER_FORM_MESSAGES.executedWithoutLines(number);
  const { expired, validUntil } = orderFormValidity(issuedOn, today);
  return expired ? ORDER_FORM_MESSAGES.executedExpired(number, validUntil) : undefined;
}

/** What is wrong with the reason given for a status change (422), or undefined: void and lost need one, on one line. */
export function orderFormReasonProblem(number: string, to: OrderFormStatusChange, reason: string | undefined): string | undefined {
  const text = trimLine(reason ?? '');
  if (text === '' && to !== 'executed') return ORDER_FORM_MESSAGES.reasonNeeded(number, to);
  return printedTextProblem('The reason', text, ORDER_FORM_LIMITS.reason, ORDER_FORM_MESSAGES.reasonLong);
}

/**
 * Why a form in this state may not be edited as asked (a 409), or undefined: a void or lost form
 * is kept as it is; a form's number and kind change only while it is issued (not yet executed).
 */
export function orderFormEditRefusal(number: string, status: OrderFormStatus, changes: { numberOrKind: boolean }): string | undefined {
  if (isFinalOrderFormStatus(status)) return ORDER_FORM_MESSAGES.final(number, status);
  if (changes.numberOrKind && status !== 'issued') return ORDER_FORM_MESSAGES.numberFixed(number, status);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The client's registration
// ---------------------------------------------------------------------------------------------

/** The schedule flags that let a registration be named on a Form 222 as its supplier. */
export const ORDER_FORM_REGISTRATION_SCHEDULES = ['2', '2N'] as const;

/**
 * Why a Form 222 may not be issued to this registration, or undefined: it must be a DEA registration
 * (not a State licence) with a valid DEA number, registered for Schedule 2 or 2N, and current.
 */
export function orderFormRegistrationProblem(registration: HoldingRegistration & { expirationDate?: string | null | undefined }, today: string): string | undefined {
  const number = registration.registrationNumber;
  if (registration.licenseType !== 'Federal') return ORDER_FORM_MESSAGES.stateLicence(number);
  const numberProblem = deaNumberProblem(number);
  if (numberProblem) return ORDER_FORM_MESSAGES.invalidDeaNumber(number, numberProblem);
  const held = registration.schedules.map((s) => s.trim().toUpperCase());
  if (!ORDER_FORM_REGISTRATION_SCHEDULES.some((s) => held.includes(s))) return ORDER_FORM_MESSAGES.notScheduleTwo(number);
  const expiration = registration.expirationDate?.slice(0, 10);
  if (expiration && expiration < today) return ORDER_FORM_MESSAGES.expiredRegistration(number, expiration);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Receiving against a form's line
// ---------------------------------------------------------------------------------------------

/** Whether an item of this schedule travels on a Form 222 (21 CFR 1305.03: Schedule I and II; `ORDER_FORM_SCHEDULES`). */
export function travelsOnOrderForm(schedule: string | null | undefined): boolean {
  return (ORDER_FORM_SCHEDULES as readonly string[]).includes((schedule ?? '').trim().toUpperCase());
}

/** A form as receiving reads it: its state, its client and its lines with what has arrived on each (this item aside). */
export interface ReceivingForm {
  id: number;
  number: string;
  status: OrderFormStatus;
  issuedOn: string;
  registrationNumber: string;
  lines: readonly (Pick<OrderFormLine, 'lineNo' | 'ndc' | 'item' | 'packages'> & { received: number })[];
}

/** The item being received: its NDC and schedule, its packages, its job's client and the day it is received (ISO). */
export interface ReceivedItem {
  ndc: string;
  schedule: string | null;
  packages: number;
  registrationNumber: string;
  receivedOn: string;
}

export const RECEIVING_MESSAGES = {
  notOnOrderForm: (schedule: string, number: string) =>
    `A Schedule ${schedule} item does not travel on a Form 222 (21 CFR 1305.03: order forms are for Schedule I and II): clear its Form 222 number (${number}).`,
  lineWithoutForm: 'Give the Form 222 number of the line this item arrived on, or clear the line.',
  notInRegister: (number: string) => `Form 222 ${number} is not in the register: issue it under Forms 222 first, or check the number.`,
  lineNeeded: (number: string, lines: readonly number[]) =>
    `Give the line of Form 222 ${number} this item arrived on (${lines.length ? `its lines: ${lines.join(', ')}` : 'it lists no line yet'}).`,
  noSuchLine: (number: string, lineNo: number, lines: readonly number[]) =>
    `Form 222 ${number} has no line ${lineNo}${lines.length ? `: its lines are ${lines.join(', ')}` : ': it lists no line yet'}.`,
  otherClient: (number: string, formRegistration: string, jobRegistration: string) =>
    `Form 222 ${number} was issued to ${formRegistration}, not to this job's registration ${jobRegistration}: a form names one supplier (21 CFR 1305.12(c)). Use a form issued to ${jobRegistration}.`,
  notExecuted: (number: string) => `Form 222 ${number} is not executed yet: mark it executed once it is signed, then receive against it.`,
  expired: (number: string, validUntil: string, receivedOn: string) =>
    `Form 222 ${number} was valid until ${formatIsoDate(validUntil)} (${ORDER_FORM_VALID_DAYS} days from its issue): goods received on ${formatIsoDate(receivedOn)} are not received on it. Issue a new form.`,
  otherNdc: (number: string, lineNo: number, lineNdc: string, ndc: string) =>
    `Line ${lineNo} of Form 222 ${number} orders NDC ${lineNdc}, and this item is NDC ${ndc}: choose the line that orders it.`,
  lineFull: (number: string, lineNo: number, ordered: number, received: number, packages: number) =>
    `Line ${lineNo} of Form 222 ${number} ordered ${ordered} ${ordered === 1 ? 'package' : 'packages'}; ${received} ${received === 1 ? 'has' : 'have'} been received, and this item's ${packages} would make ${received + packages}. Check the count, or receive the rest on another form.`,
} as const;

/**
 * Why this item cannot be received on line `lineNo` of form `form` (422, naming the form and the
 * line), or undefined. The form must be in the register (`form` undefined: it is not), issued to the
 * job's registration (one supplier a form, 1305.12(c)), executed and neither void nor lost, still
 * within its 60 days on the day of receipt (the house rule), and the line must be on it, order the
 * item's NDC when it names one, and have packages left for this item (1305.13(e): the packages
 * received are recorded against the line). Only Schedule I and II items travel on a form.
 */
export function receivingProblem(number: string, form: ReceivingForm | undefined, lineNo: number | null, item: ReceivedItem): string | undefined {
  if (!travelsOnOrderForm(item.schedule)) return RECEIVING_MESSAGES.notOnOrderForm((item.schedule ?? '').trim() || 'unknown', number);
  if (!form) return RECEIVING_MESSAGES.notInRegister(number);
  // The supplier is the DEA registration the form names, by its number: a renewal kept as a second
  // record of the same number is the same supplier (a container moves between their jobs too).
  if (!sameRegistration(form.registrationNumber, item.registrationNumber)) return RECEIVING_MESSAGES.otherClient(form.number, form.registrationNumber, item.registrationNumber);
  if (isFinalOrderFormStatus(form.status)) return ORDER_FORM_MESSAGES.final(form.number, form.status);
  if (form.status !== 'executed') return RECEIVING_MESSAGES.notExecuted(form.number);
  const validUntil = orderFormValidUntil(form.issuedOn);
  if (item.receivedOn > validUntil) return RECEIVING_MESSAGES.expired(form.number, validUntil, item.receivedOn);
  const lineNumbers = form.lines.map((l) => l.lineNo);
  if (lineNo === null) return RECEIVING_MESSAGES.lineNeeded(form.number, lineNumbers);
  const line = form.lines.find((l) => l.lineNo === lineNo);
  if (!line) return RECEIVING_MESSAGES.noSuchLine(form.number, lineNo, lineNumbers);
  if (line.ndc && line.ndc !== item.ndc) return RECEIVING_MESSAGES.otherNdc(form.number, lineNo, line.ndc, item.ndc);
  if (line.received + item.packages > line.packages) return RECEIVING_MESSAGES.lineFull(form.number, lineNo, line.packages, line.received, item.packages);
  return undefined;
}

const sameRegistration = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** How much of a form has arrived: none of it, part of it, or every line's packages. */
export type OrderFormReceipt = 'none' | 'partly' | 'all';

export function orderFormReceipt(lines: readonly { packages: number; received: number }[]): OrderFormReceipt {
  if (!lines.some((l) => l.received > 0)) return 'none';
  return lines.every((l) => l.received >= l.packages) ? 'all' : 'partly';
}

export const RECEIVED_FORM_MESSAGES = {
  lineRemoved: (number: string, lineNo: number, received: number) =>
    `Line ${lineNo} of Form 222 ${number} has ${received} ${received === 1 ? 'package' : 'packages'} received on it: the line stays on the form. Change its items first if they were entered on the wrong line.`,
  fewerThanReceived: (number: string, lineNo: number, received: number) =>
    `Line ${lineNo} of Form 222 ${number}: ${received} ${received === 1 ? 'package has' : 'packages have'} been received on it, so it orders at least ${received}.`,
  otherNdc: (number: string, lineNo: number, ndc: string) =>
    `Line ${lineNo} of Form 222 ${number} has items of NDC ${ndc} received on it: its NDC stays ${ndc}.`,
  voidReceived: (number: string, status: 'void' | 'lost') =>
    `Form 222 ${number} has goods received on it: it is kept as the record of that transfer and cannot be marked ${status}.`,
} as const;

/** What arrived on one line: its packages and the NDCs of its items. */
export interface LineReceipt {
  received: number;
  ndcs: readonly string[];
}

/**
 * Why a form's lines cannot become `lines` (422), or undefined: a line goods arrived on stays on
 * the form, orders at least what arrived, and keeps the NDC of what arrived (1305.13(e): what was
 * received is recorded against the line).
 */
export function receivedLinesProblem(number: string, lines: readonly Pick<OrderFormLine, 'lineNo' | 'ndc' | 'packages'>[], receipts: ReadonlyMap<number, LineReceipt>): string | undefined {
  for (const [lineNo, receipt] of receipts) {
    if (receipt.received <= 0) continue;
    const line = lines.find((l) => l.lineNo === lineNo);
    if (!line) return RECEIVED_FORM_MESSAGES.lineRemoved(number, lineNo, receipt.received);
    if (line.packages < receipt.received) return RECEIVED_FORM_MESSAGES.fewerThanReceived(number, lineNo, receipt.received);
    const other = line.ndc ? receipt.ndcs.find((ndc) => ndc !== line.ndc) : undefined;
    if (other) return RECEIVED_FORM_MESSAGES.otherNdc(number, lineNo, other);
  }
  return undefined;
}
