import { formatIsoDate } from './dates.ts';
import { DESTRUCTION_RECORD_LABELS, type DestructionRecordKey } from './destruction-record.ts';

/**
 * When a job's records become final (docs/dea-paperwork.md "Final means final"). A reverse
 * distributor keeps a complete and accurate record of each controlled substance received and
 * destroyed (21 CFR 1304.21(a), 1304.22(e), 1317.15(c)); once a destruction is recorded, a DEA Form 41
 * is made from it, or ARCOS holds it, what was recorded stays as recorded. A job is final when:
 *
 * - `destroyed`: it has a Date Destroyed — what it holds was destroyed on that day;
 * - `form-41`: its DEA Form 41 was generated (a document that prints its line items and destruction);
 * - `reported`: a line item of it was carried by a kept ARCOS report (the receipt or the destruction
 *   DEA holds).
 *
 * From then on nothing moves into or out of it, nothing in it is deleted, its containers and line
 * items keep what they say, and its destruction record keeps what a document or report carries.
 */
export interface JobFinality {
  /** ISO date, or null when the job has none. */
  dateDestroyed: string | null;
  form41: boolean;
  reported: boolean;
}

export type FinalReason = 'destroyed' | 'form-41' | 'reported';

/**
 * The finality of a job known only by its Date Destroyed (ISO, or empty): what a screen knows from a
 * record that carries the job's destruction and nothing of its Form 41 or ARCOS reports. Undefined
 * when the job has none.
 */
export function destroyedOn(dateDestroyed: string | null | undefined): JobFinality | undefined {
  return dateDestroyed ? { dateDestroyed, form41: false, reported: false } : undefined;
}

/** Why the job is final, the first that holds (destroyed, Form 41, ARCOS), or undefined. */
export function finalReason(finality: JobFinality | undefined): FinalReason | undefined {
  if (!finality) return undefined;
  if (finality.dateDestroyed) return 'destroyed';
  if (finality.form41) return 'form-41';
  if (finality.reported) return 'reported';
  return undefined;
}

export function isFinal(finality: JobFinality | undefined): boolean {
  return finalReason(finality) !== undefined;
}

/** "its destruction on 06/18/2026 is on record", and the like: why the job is final, in words. */
export function finalBecause(finality: JobFinality): string {
  switch (finalReason(finality)) {
    case 'destroyed':
      return `its destruction on ${formatIsoDate(finality.dateDestroyed)} is on record`;
    case 'form-41':
      return 'its DEA Form 41 has been generated';
    case 'reported':
      return 'its line items have been reported to ARCOS';
    default:
      return 'it is not final';
  }
}

/** What to do instead, the same for every refusal: a mistake is corrected on the record. */
export const FINAL_INSTEAD =
  'What was recorded stays as recorded (21 CFR 1304.21); a mistake in it is put right by a correction on the record, never by changing or removing what was recorded.';

/** The 409 of an action the job's finality refuses: `blocked` says what cannot be done ("its containers cannot be moved out of it"). */
export function finalRefusalMessage(jobId: number | string, finality: JobFinality, blocked: string): string {
  return `Job ${jobId} is final: ${finalBecause(finality)}, so ${blocked}. ${FINAL_INSTEAD}`;
}

/** The 409 of a move into a final job. */
export function finalTargetMessage(jobId: number | string, finality: JobFinality, what: 'containers' | 'line items'): string {
  return finalRefusalMessage(jobId, finality, `${what} cannot be moved into it`);
}

/**
 * The destruction record fields a final job keeps as they are, by what made it final: a generated
 * Form 41 prints them all; ARCOS holds the receipt's date (the P record's transaction date) and the
 * destruction's (the Y record's). A recorded destruction keeps its day only from being emptied —
 * which would bring what was destroyed back on hand — while the rest of the record is completed.
 */
export function fixedDestructionRecordKeys(finality: JobFinality): ReadonlySet<DestructionRecordKey> {
  if (finality.form41) return new Set(Object.keys(DESTRUCTION_RECORD_LABELS) as DestructionRecordKey[]);
  const fixed = new Set<DestructionRecordKey>();
  if (finality.reported) {
    fixed.add('dateReceived');
    if (finality.dateDestroyed) fixed.add('dateDestroyed');
  }
  return fixed;
}

/**
 * Why a change of a final job's destruction record is refused (one message per field), or none:
 * `changes` holds the fields that change, with their new values (null empties one).
 */
export function finalDestructionRecordProblems(
  jobId: number | string,
  finality: JobFinality,
  changes: Partial<Record<DestructionRecordKey, string | null>>,
): string[] {
  const fixed = fixedDestructionRecordKeys(finality);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(changes) as [DestructionRecordKey, string | null][]) {
    if (fixed.has(key)) {
      problems.push(finalRefusalMessage(jobId, finality, `its ${DESTRUCTION_RECORD_LABELS[key]} cannot be changed`));
    } else if (key === 'dateDestroyed' && finality.dateDestroyed && !value) {
      problems.push(finalRefusalMessage(jobId, finality, `its ${DESTRUCTION_RECORD_LABELS.dateDestroyed} cannot be emptied: what it destroyed would show as on hand again`));
    }
  }
  return problems;
}

/** The longest reason for unlocking a job (the audit row keeps it). */
export const UNLOCK_REASON_MAX = 500;

/** What an unlock of a job needs: a reason, kept on the record. */
export function unlockReasonProblem(reason: unknown): string | undefined {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) return 'Say why the job is unlocked: the reason is kept on the record with who unlocked it and when.';
  if (text.length > UNLOCK_REASON_MAX) return `The reason for unlocking may be at most ${UNLOCK_REASON_MAX} characters.`;
  if (/[\u0000-\u001f\u007f]/.test(text)) return 'The reason for unlocking must be one line of printable text.';
  return undefined;
}
