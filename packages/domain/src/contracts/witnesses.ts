import { z } from 'zod';
import { WITHDRAW_REASON_MAX, WITNESS_ROLES } from '../rules/witnesses.ts';

/**
 * A job's witnesses (`GET /job/{id}/witnesses`, `POST /job/{id}/witnesses/{role}`,
 * `POST /job/{id}/witnesses/{role}/withdraw`): what they take and answer (rules/witnesses.ts).
 */

const confirmationAnswer = z.object({
  id: z.number(),
  role: z.enum(WITNESS_ROLES),
  username: z.string(),
  name: z.string(),
  /** ISO timestamp. */
  confirmedAt: z.string(),
  /** The address the confirmation came from, and the browser that sent it. */
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Who was signed in where the witness typed their password. */
  recordedBy: z.string(),
  /** Set once void: when, why, by whom. */
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedBy: z.string().nullable(),
});

const witnessAnswer = z.object({
  role: z.enum(WITNESS_ROLES),
  label: z.string(),
  /** The printed name the destruction record holds (a confirmation writes it), or null. */
  name: z.string().nullable(),
  /**
   * confirmed: a confirmation holds; void: the last confirmation no longer holds (withdrawn, or what
   * it attests changed); typed: a name from before witnesses confirmed for themselves; empty.
   */
  state: z.enum(['confirmed', 'void', 'typed', 'empty']),
  /** The confirmation that holds, or the last one when void. */
  confirmation: confirmationAnswer.nullable(),
  /** The line the Form 41 and the certificate print under the name, while the confirmation holds. */
  printed: z.string().nullable(),
  /** Whether a witness may confirm now: the day of what they witness is on record. */
  canConfirm: z.boolean(),
  /** Why not, when not. */
  waitingFor: z.string().nullable(),
});

export const witnessesAnswerSchema = z.object({
  jobId: z.number(),
  modId: z.string(),
  /** Whether the witnesses are fixed: the job's Form 41 printed them, and none is withdrawn (one void since confirms again). */
  fixed: z.boolean(),
  witnesses: z.array(witnessAnswer),
  /** Every confirmation the job has had, newest first. */
  history: z.array(confirmationAnswer),
});
export type WitnessesAnswer = z.infer<typeof witnessesAnswerSchema>;
export type WitnessAnswer = z.infer<typeof witnessAnswer>;
export type WitnessConfirmationAnswer = z.infer<typeof confirmationAnswer>;

/** `POST /job/{id}/witnesses/{role}`: the witness's own username and password. */
export const confirmWitnessBodySchema = z.strictObject({
  username: z.string().min(1, 'Enter the witness’s username').max(100),
  password: z.string().min(1, 'Enter the witness’s password').max(200),
});
export type ConfirmWitnessBody = z.infer<typeof confirmWitnessBodySchema>;

/** `POST /job/{id}/witnesses/{role}/withdraw`: why the confirmation is withdrawn. */
export const withdrawWitnessBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the confirmation is withdrawn').max(WITHDRAW_REASON_MAX),
});
export type WithdrawWitnessBody = z.infer<typeof withdrawWitnessBodySchema>;
