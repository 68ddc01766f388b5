import { formatIsoDate, parseUsDate } from './dates.ts';
import { formatPercent } from './percent.ts';
import { singleLineTextProblem, trimLine } from './text.ts';
import { TEXT_LIMITS } from '../catalogue/constants.ts';

/**
 * Corrections on the record (docs/dea-paperwork.md "Corrections on the record"). Once a job is final
 * (finality.ts) what it recorded is never edited in place: a mistake is put right by a correction, a
 * record of its own that names the field, the value it held and the value it gets, why, who asked
 * and a second person who approved (21 CFR 1304.21(a): records complete and accurate; 1304.04: kept
 * as they were made). Nothing changes until the approval; the approval applies it in one
 * transaction, and everything made from the records (Form 41, certificate, the next ARCOS report's
 * D/I pairs) follows from there.
 */

/** What a correction changes: a line item's field, or a job's. */
export type CorrectionTarget = 'line-item' | 'job';

export interface CorrectableField {
  /** The label the screens use, and what the correction record names. */
  label: string;
  target: CorrectionTarget;
  /** The stored column. */
  column: string;
  /** How the stored value reads on the screens ("60.00%", "06/18/2026"). */
  show: (stored: unknown) => string;
  /** The value as entered ("50", "50%", "06/18/2026") as it is stored, or a problem in words. */
  read: (entered: string) => { value: string | number | null } | { problem: string };
}

const plain = (stored: unknown) => (stored === null || stored === undefined ? '' : String(stored));
const number = (stored: unknown) => (stored === null || stored === undefined || stored === '' ? '' : String(Number(stored)));

function positiveNumber(label: string, whole: boolean) {
  return (entered: string) => {
    const text = trimLine(entered).replace(/,/g, '');
    const n = Number(text);
    if (text === '' || !Number.isFinite(n) || n <= 0) return { problem: `${label} must be a number greater than 0.` };
    if (whole && !Number.isInteger(n)) return { problem: `${label} must be a whole number.` };
    return { value: n };
  };
}

function date(label: string, { optional }: { optional: boolean }) {
  return (entered: string) => {
    const text = trimLine(entered);
    if (text === '' && optional) return { value: null };
    const iso = parseUsDate(text);
    return iso ? { value: iso } : { problem: `${label} must be a date as MM/DD/YYYY.` };
  };
}

/** The fields a correction may change: what the Form 41, the certificate and ARCOS carry. */
export const CORRECTABLE_FIELDS = [
  { label: 'Pack Quantity', target: 'line-item', column: 'pack_quantity', show: number, read: positiveNumber('Pack Quantity', true) },
  { label: 'Pack Size', target: 'line-item', column: 'pack_size', show: number, read: positiveNumber('Pack Size', false) },
  {
    label: 'Percent Fill',
    target: 'line-item',
    column: 'percent_fill',
    show: (stored) => formatPercent(stored as number | string | null),
    read: (entered) => {
      const text = trimLine(entered).replace(/%$/, '').trim();
      const n = Number(text);
      if (text === '' || !Number.isFinite(n) || n <= 0 || n > 105) return { problem: 'Percent Fill must be a percent greater than 0 and at most 100 (105 for a raw powder).' };
      return { value: Math.round(n * 100) / 10_000 };
    },
  },
  {
    label: 'Lot Number',
    target: 'line-item',
    column: 'lot_number',
    show: plain,
    read: (entered) => {
      const text = trimLine(entered);
      const problem = singleLineTextProblem('Lot Number', text, TEXT_LIMITS.short);
      return problem ? { problem } : { value: text === '' ? null : text };
    },
  },
  { label: 'Expiration Date', target: 'line-item', column: 'expiration_date', show: (s) => formatIsoDate(isoOf(s)), read: date('Expiration Date', { optional: true }) },
  { label: 'Date Received', target: 'job', column: 'date_received', show: (s) => formatIsoDate(isoOf(s)), read: date('Date Received', { optional: false }) },
  { label: 'Date Destroyed', target: 'job', column: 'date_destroyed', show: (s) => formatIsoDate(isoOf(s)), read: date('Date Destroyed', { optional: false }) },
] as const satisfies readonly CorrectableField[];

export type CorrectableFieldLabel = (typeof CORRECTABLE_FIELDS)[number]['label'];

/** A date column as read from the database (a Date or an ISO string) as an ISO date. */
function isoOf(stored: unknown): string | null {
  if (stored === null || stored === undefined || stored === '') return null;
  if (stored instanceof Date) return stored.toISOString().slice(0, 10);
  return String(stored).slice(0, 10);
}

export function correctableField(target: CorrectionTarget, label: string): CorrectableField | undefined {
  return (CORRECTABLE_FIELDS as readonly CorrectableField[]).find((f) => f.target === target && f.label === label);
}

export function correctableFieldsOf(target: CorrectionTarget): readonly CorrectableField[] {
  return (CORRECTABLE_FIELDS as readonly CorrectableField[]).filter((f) => f.target === target);
}

export const CORRECTION_REASON_MAX = 500;

export const CORRECTION_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const CORRECTION_STATUS_TEXT: Record<CorrectionStatus, string> = {
  pending: 'Waiting for approval',
  applied: 'Applied',
  rejected: 'Rejected',
};

export const CORRECTION_MESSAGES = {
  reasonRequired: 'Say why the record is corrected: the reason is kept with the correction.',
  reasonTooLong: `The reason may hold at most ${CORRECTION_REASON_MAX} characters.`,
  noteTooLong: `The note may hold at most ${CORRECTION_REASON_MAX} characters.`,
  unchanged: 'The new value is what the record already holds: there is nothing to correct.',
  ownRequest:
    'A correction is approved by a second person: you asked for this one, so another user with the APPROVE_CORRECTION privilege must approve or reject it.',
} as const;

/** The problem with a correction's reason (or a rejection's note), or undefined. */
export function correctionReasonProblem(reason: unknown, { required }: { required: boolean } = { required: true }): string | undefined {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (required && text === '') return CORRECTION_MESSAGES.reasonRequired;
  if (text.length > CORRECTION_REASON_MAX) return required ? CORRECTION_MESSAGES.reasonTooLong : CORRECTION_MESSAGES.noteTooLong;
  return undefined;
}

/** "Unknown field: a line item's correction may change Pack Quantity, Pack Size, …". */
export function unknownCorrectionFieldMessage(target: CorrectionTarget, field: string): string {
  const labels = correctableFieldsOf(target).map((f) => f.label);
  return `${field ? `"${field}" is not a field a correction may change` : 'Choose the field to correct'}: a ${target === 'job' ? "job's" : "line item's"} correction may change ${labels.join(', ')}.`;
}

/** Why a correction asked of a record that is not final is refused: it is edited, not corrected. */
export function notFinalCorrectionMessage(jobId: number | string): string {
  return `Job ${jobId} is not final (not destroyed, no Form 41 generated, nothing reported to ARCOS): change the record itself — unlock the job if it is locked — instead of asking for a correction.`;
}

/** Why an approval is refused when the record no longer holds what the correction was asked of. */
export function staleCorrectionMessage(id: number | string, field: string, asked: string, now: string): string {
  return `Correction ${id} was asked when ${field} was ${asked || '(empty)'}; it is now ${now || '(empty)'}. Reject it and ask again from what the record holds now.`;
}

/** Why an approval or rejection is refused when the correction is decided already. */
export function decidedCorrectionMessage(id: number | string, status: CorrectionStatus): string {
  return `Correction ${id} is ${status === 'applied' ? 'applied' : 'rejected'} already; a decided correction stays as decided. Ask for a new one if the record is still wrong.`;
}
