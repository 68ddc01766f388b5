import { z } from 'zod';
import { TEXT_LIMITS } from '../catalogue/constants.ts';
import { JOB_NAME_MESSAGES } from '../rules/jobs.ts';
import { singleLineTextProblem, trimLine } from '../rules/text.ts';

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
