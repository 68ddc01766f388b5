/**
 * Privilege strings carried in the session token (`access.privileges`).
 * The spec names the first eleven. Ours: LOCK_JOB and UNLOCK_JOB (the spec shows a job's lock
 * state but no way to change it), UPDATE_REGISTRATION (the registration picture upload names no
 * privilege, and a read-only user must not change records) MANAGE_USERS (user accounts), MANAGE_SETTINGS (our own registration,
 * printed on the DEA documents) and APPROVE_CORRECTION (the second person who approves a correction
 * of a final record, rules/corrections.ts).
 */
export const PRIVILEGES = [
  'CREATE_JOB',
  'CREATE_CONTAINER',
  'CREATE_LINE_ITEM',
  'LOCK_CONTAINER',
  'UNLOCK_CONTAINER',
  'MOVE_CONTAINER',
  'DELETE_CONTAINER',
  'LOCK_LINE_ITEM',
  'UNLOCK_LINE_ITEM',
  'MOVE_LINE_ITEM',
  'DELETE_LINE_ITEM',
  'LOCK_JOB',
  'UNLOCK_JOB',
  'UPDATE_REGISTRATION',
  'MANAGE_USERS',
  'MANAGE_SETTINGS',
  'APPROVE_CORRECTION',
] as const;

export type Privilege = (typeof PRIVILEGES)[number];

export function isPrivilege(value: string): value is Privilege {
  return (PRIVILEGES as readonly string[]).includes(value);
}

export function hasPrivilege(held: readonly string[] | undefined, wanted: Privilege): boolean {
  return held?.includes(wanted) ?? false;
}

/** The privileges of the `clerk` demo user: it may create, nothing more. */
export const CREATE_PRIVILEGES: readonly Privilege[] = ['CREATE_JOB', 'CREATE_CONTAINER', 'CREATE_LINE_ITEM'];
