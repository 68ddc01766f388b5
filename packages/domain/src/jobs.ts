import { z } from 'zod';
import { TEXT_LIMITS } from './constants.ts';
import { singleLineTextProblem, trimLine } from './text.ts';

export const JOB_NAME_MESSAGES = {
  required: 'Job Name is required',
  tooLong: `Job Name can be at most ${TEXT_LIMITS.name} characters`,
  registrationRequired: 'Choose a registration for the job',
  registrationExpired: 'The registration has expired; a job cannot be created on it',
} as const;

/** A new job's status; the status a locked job shows while its stage is still this one. */
export const JOB_STATUS = { open: 'Open', locked: 'Locked' } as const;

/**
 * The status a job shows [ours]: its stage (Open, Confirmed, In Transit, In Vault, Destroyed,
 * Completed), except that a locked job is never shown "Open" — locked at that stage (or with none),
 * it shows "Locked". The jobs layout's Status field is the same rule in SQL (a test keeps them equal).
 */
export function jobStatus(status: string | null | undefined, locked: boolean): string {
  const stage = (status ?? '').trim();
  if (locked && (stage === '' || stage === JOB_STATUS.open)) return JOB_STATUS.locked;
  return stage;
}

/** The job name rule of spec 1 §5 ("the job name must be non-empty"), shared by the form and the server. */
export const jobNameSchema = z
  .string()
  .transform(trimLine)
  .pipe(
    z
      .string()
      .min(1, JOB_NAME_MESSAGES.required)
      .superRefine((name, ctx) => {
        // One line: a name with a line break would show as extra lines in the Job Ready e-mail.
        const problem = singleLineTextProblem('Job Name', name, TEXT_LIMITS.name, JOB_NAME_MESSAGES.tooLong);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );

/** The messages a job name breaks, or none. */
export function jobNameProblems(name: unknown): string[] {
  const result = jobNameSchema.safeParse(typeof name === 'string' ? name : '');
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
