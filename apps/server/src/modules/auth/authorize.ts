import { hasPrivilege, type Privilege } from '@3ds/domain';
import { forbidden } from '../../errors/app-error.ts';
import type { SessionUser } from './auth.service.ts';

/** Refuses with 403, naming the privilege and what it is for, unless the user holds it. */
export function assertPrivilege(user: SessionUser, privilege: Privilege, action: string): void {
  if (!hasPrivilege(user.privileges, privilege)) throw forbidden(`You do not have the ${privilege} privilege needed to ${action}.`);
}
