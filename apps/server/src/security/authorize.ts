import { lockRefusal, lockRefusalMessage, mayPerform, missingPrivilegeMessage, type Action, type LockState } from '@3ds/domain';
import { finalRecord, forbidden, locked } from '../errors/app-error.ts';
import type { SessionUser } from './session-user.ts';

/** Refuses with 403, naming the privilege and what it is for, unless the user may perform the action. */
export function assertMayPerform(user: SessionUser, action: Action): void {
  if (!mayPerform(user.privileges, action)) throw forbidden(missingPrivilegeMessage(action));
}

/** Refuses with 409 when the record's lock state is one the action's table row refuses (`FINAL` when its job is final, else `LOCKED`). */
export function assertLockAllows(
  action: Action,
  state: LockState,
  ids: { noun: string; id: number | string; jobId?: number | string; containerId?: number | string; ownLockedItems?: number },
): void {
  const condition = lockRefusal(action, state);
  if (condition === 'final') throw finalRecord(lockRefusalMessage(action, condition, { ...ids, ...(state.final ? { final: state.final } : {}) }));
  if (condition) throw locked(lockRefusalMessage(action, condition, ids));
}
