import { z } from 'zod';
import { TEXT_LIMITS } from './constants.ts';
import { singleLineTextProblem, trimLine } from './text.ts';

export const JOB_NAME_MESSAGES = {
  required: 'Job Name is required',
  tooLong: `Job Name can be at most ${TEXT_LIMITS.name} characters`,
  registrationRequired: 'Choose a registration for the job',
  registrationExpired: 'The registration has expired; a job cannot be created on it',
} as const;

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
