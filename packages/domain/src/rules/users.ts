import { hasPrivilege, type Privilege } from '../catalogue/privileges.ts';
import { ACTIONS } from './permissions.ts';

/** User accounts: what makes an administrator, what a privilege allows, and the messages of the rules. */
export const USER_MESSAGES = {
  lastAdministratorDisable: 'Cannot disable the last administrator: give another user MANAGE_USERS first.',
  lastAdministratorPrivilege: 'Cannot remove MANAGE_USERS from the last administrator: give another user MANAGE_USERS first.',
  selfDisable: 'You cannot disable your own account: you would be signed out at once. Ask another administrator to do it.',
  nothingToChange: 'Nothing to change: send at least one of displayName, privileges, parentOrganization or disabled.',
  passwordsDiffer: 'The two passwords differ',
} as const;

/** An administrator is an enabled account holding MANAGE_USERS; there must always be one. */
export function isAdministrator(account: { disabled: boolean; privileges: readonly string[] }): boolean {
  return !account.disabled && hasPrivilege(account.privileges, 'MANAGE_USERS');
}

/**
 * What a privilege allows, read from the permission table ("Create a job, rename a job, …"), so
 * the Users screen describes each privilege as the server enforces it.
 */
export function privilegePurpose(privilege: Privilege): string {
  const rules: readonly { privilege: Privilege | null; purpose: string }[] = Object.values(ACTIONS);
  const purposes = [...new Set(rules.filter((rule) => rule.privilege === privilege).map((rule) => rule.purpose))];
  const text = purposes.join(', ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '';
}
