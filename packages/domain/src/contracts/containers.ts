import { z } from 'zod';
import { TEXT_LIMITS } from '../catalogue/constants.ts';
import { notANumberMessage, readNumber } from '../rules/numbers.ts';
import { singleLineTextProblem, trimLine } from '../rules/text.ts';

const weight = (label: string) =>
  z
    .union([z.number(), z.string()])
    .transform((v, ctx) => {
      const n = readNumber(v);
      if (n === null) return null;
      if (n === undefined) {
        ctx.addIssue({ code: 'custom', message: notANumberMessage(label) });
        return z.NEVER;
      }
      if (n < 0 || n > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number between 0 and 1,000,000` });
        return z.NEVER;
      }
      return n;
    })
    .nullable();

const text = (label: string, max: number) =>
  z
    .string()
    .overwrite(trimLine)
    .superRefine((v, ctx) => {
      const problem = singleLineTextProblem(label, v, max);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** The editable fields of a container (spec 2 §2 "Container edit"), all optional: only changed ones are sent. */
export const containerFieldsSchema = z.object({
  containerName: text('Container Name', TEXT_LIMITS.name).optional(),
  pallet: text('Pallet', TEXT_LIMITS.short).optional(),
  containerType: text('Container Type', TEXT_LIMITS.short).optional(),
  packageWeight: weight('Package Weight').optional(),
  netWeight: weight('Net Weight').optional(),
  grossUoM: text('Gross UoM', 20).optional(),
});
export type ContainerFields = z.infer<typeof containerFieldsSchema>;
