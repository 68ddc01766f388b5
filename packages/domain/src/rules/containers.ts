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
