import { TEXT_LIMITS } from '../catalogue/constants.ts';

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
