import { z } from 'zod';
import { TEXT_LIMITS } from './constants.ts';
import { notANumberMessage, readNumber } from './numbers.ts';
import { singleLineTextProblem, trimLine } from './text.ts';

export const CONTAINER_MESSAGES = {
  invalidForm: 'Invalid Form',
  moveFailed: (jobId: string | number) => `Failed to move container to job ${jobId}`,
  moveToYellowBucketFailed: 'An error occurred while attempting to move a container to a yellow bucket',
  deleteConfirm: 'Are you sure you want to delete this container and its related line items?',
  lockConfirm: 'Are you sure you want to lock this container and its related line items?',
  unlockConfirm: 'Are you sure you want to unlock this container and its related line items?',
  moveToYellowBucketConfirm: (id: string | number) =>
    `Are you sure you want to move container ${id}? This action will delete the original container permanently.`,
} as const;

/** Gross UoM choices: the container modal's (spec 2 §3) and the Yellow Bucket edit screen's. */
export const CONTAINER_GROSS_UOMS = ['kg', 'lbs'] as const;
export const YB_CONTAINER_GROSS_UOMS = ['Lb', 'kg', 'g'] as const;
export const YB_CONTAINER_TYPES = ['DF', 'DM', 'BX', 'PA', '55 G Steel', '55 G Poly', 'Poly Tote', 'Tank', 'Tote', 'Plastic', 'Pallet', 'Gaylord'] as const;

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

/** Gross weight is computed, never entered: net weight plus package weight. */
export function grossWeight(netWeight: number | null | undefined, packageWeight: number | null | undefined): number {
  return Math.round(((netWeight ?? 0) + (packageWeight ?? 0)) * 1e6) / 1e6;
}

/** The fields whose value differs from the record's; saving with none is "Invalid Form" (spec 2 §5). */
export function changedContainerFields<T extends Record<string, unknown>>(initial: T, current: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    const a = initial[key] ?? null;
    const b = current[key] ?? null;
    if (String(a) !== String(b)) changed[key] = current[key];
  }
  return changed;
}
