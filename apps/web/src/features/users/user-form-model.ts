import {
  displayNameSchema,
  isPrivilege,
  newUsernameSchema,
  parentOrganizationSchema,
  passwordSchema,
  privilegeListSchema,
  privilegePurpose,
  PRIVILEGES,
  USER_MESSAGES,
  type NewUserRequest,
  type Privilege,
  type UserAccount,
  type UserChanges,
} from '@3ds/domain';
import { z } from 'zod';
import { ApiError, refusalTitle } from '../../lib/api-error.ts';
import type { Warning } from '../../components/alerts/warning-list.tsx';

/**
 * The Users screen's forms: their values, their rules (the domain's schemas, the ones the server
 * validates the same bodies with) and the requests they become.
 */

export interface PasswordFormValues {
  password: string;
  confirmPassword: string;
}

/**
 * The add and edit forms' values: one shape, so that one `UserFormFields` shows both. The edit
 * form shows neither the username (it cannot change) nor the passwords (Reset password does that).
 */
export interface UserFormValues extends PasswordFormValues {
  username: string;
  displayName: string;
  privileges: string[];
  parentOrganization: string;
}

export type FormErrors = Record<string, string | true>;

const userFieldsSchema = z.object({
  displayName: displayNameSchema,
  privileges: privilegeListSchema,
  parentOrganization: parentOrganizationSchema,
});

const newUserFormSchema = userFieldsSchema.extend({ username: newUsernameSchema, password: passwordSchema });

export const CONFIRM_MESSAGES = {
  missing: 'Type the password again to confirm it',
  differ: USER_MESSAGES.passwordsDiffer,
} as const;

/** The first message per field, keyed by the field (a privilege's problem shows on the group). */
function schemaErrors(schema: z.ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The confirmation is checked on its own, so it shows even while another field is still wrong. Two
 * passwords that differ are about both fields: the message is the confirmation's, the password is
 * outlined too (unless it has a message of its own).
 */
function confirmErrors({ password, confirmPassword }: PasswordFormValues): FormErrors {
  if (confirmPassword === '') return { confirmPassword: CONFIRM_MESSAGES.missing };
  return confirmPassword === password ? {} : { confirmPassword: CONFIRM_MESSAGES.differ, password: true };
}

/** The field rules' errors, then the confirmation's where a field has none yet. */
function withConfirmation(fieldErrors: FormErrors, values: PasswordFormValues): FormErrors {
  return { ...confirmErrors(values), ...fieldErrors };
}

export function newUserFormErrors(values: UserFormValues): FormErrors {
  return withConfirmation(schemaErrors(newUserFormSchema, values), values);
}

/** The edit form: name, privileges and organisation only. */
export function userFormErrors(values: UserFormValues): FormErrors {
  return schemaErrors(userFieldsSchema, values);
}

export function passwordFormErrors(values: PasswordFormValues): FormErrors {
  return withConfirmation(schemaErrors(z.object({ password: passwordSchema }), values), values);
}

/** Privileges in the order of the domain's list, unknown ones dropped, each once. */
export function orderedPrivileges(privileges: readonly string[]): Privilege[] {
  return PRIVILEGES.filter((privilege) => privileges.includes(privilege));
}

/** A blank organisation is none, as the server stores it. */
function organization(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The body of `POST /users` for valid form values: username trimmed and lower-cased as the server will. */
export function newUserRequest(values: UserFormValues): NewUserRequest {
  return {
    username: newUsernameSchema.parse(values.username),
    displayName: values.displayName.trim(),
    password: values.password,
    privileges: orderedPrivileges(values.privileges),
    parentOrganization: organization(values.parentOrganization),
  };
}

export const EMPTY_NEW_USER: UserFormValues = {
  username: '',
  displayName: '',
  password: '',
  confirmPassword: '',
  privileges: [],
  parentOrganization: '',
};

/** The edit form's starting values: the account as it is. */
export function userFormValues(account: UserAccount): UserFormValues {
  return {
    ...EMPTY_NEW_USER,
    username: account.username,
    displayName: account.displayName,
    privileges: orderedPrivileges(account.privileges),
    parentOrganization: account.parentOrganization ?? '',
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));

/**
 * The body of `PATCH /users/{username}`: only what differs from the account, so that an unchanged
 * privilege list does not end the user's sessions. Null when nothing changed.
 */
export function userChanges(
  account: UserAccount,
  values: Pick<UserFormValues, 'displayName' | 'privileges' | 'parentOrganization'>,
): UserChanges | null {
  const changes: UserChanges = {};
  const displayName = values.displayName.trim();
  if (displayName !== account.displayName) changes.displayName = displayName;
  const privileges = orderedPrivileges(values.privileges);
  if (!sameSet(privileges, account.privileges)) changes.privileges = privileges;
  const parentOrganization = organization(values.parentOrganization);
  if (parentOrganization !== account.parentOrganization) changes.parentOrganization = parentOrganization;
  return Object.keys(changes).length > 0 ? changes : null;
}

/** The privileges by the area they act on, for the checkbox groups. */
export const PRIVILEGE_GROUPS: readonly { title: string; privileges: readonly Privilege[] }[] = [
  { title: 'Jobs', privileges: ['CREATE_JOB', 'LOCK_JOB', 'UNLOCK_JOB', 'APPROVE_CORRECTION'] },
  {
    title: 'Containers',
    privileges: ['CREATE_CONTAINER', 'LOCK_CONTAINER', 'UNLOCK_CONTAINER', 'MOVE_CONTAINER', 'DELETE_CONTAINER'],
  },
  {
    title: 'Line items',
    privileges: ['CREATE_LINE_ITEM', 'LOCK_LINE_ITEM', 'UNLOCK_LINE_ITEM', 'MOVE_LINE_ITEM', 'DELETE_LINE_ITEM'],
  },
  { title: 'Registrations', privileges: ['UPDATE_REGISTRATION'] },
  { title: 'Administration', privileges: ['MANAGE_USERS', 'MANAGE_SETTINGS'] },
];

/** `CREATE_LINE_ITEM` → "Create line item"; `MANAGE_USERS` → "Manage users". */
export function privilegeLabel(privilege: string): string {
  const words = privilege.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Under a privilege's checkbox: its name as the server's messages give it, and what it allows. */
export function privilegeDescription(privilege: string): string {
  const purpose = isPrivilege(privilege) ? privilegePurpose(privilege) : '';
  return purpose ? `${privilege} · ${purpose}` : privilege;
}

/** A refused save as its dialog shows it; null for a 401, which has already signed the user out. */
/** The server's refusal of a change, shown in the dialog that asked for it: the shared warning list, in red. */
export type Refusal = Warning;

/** What the server refused, titled with what failed (`failure`), never a bare HTTP title. */
export function refusalOf(error: unknown, failure?: string): Refusal | null {
  if (!(error instanceof ApiError)) {
    return {
      title: 'Unexpected Error',
      message: 'Something went wrong in the browser. Reload the page and try again.',
      lines: [],
      fixable: false,
      conflict: false,
    };
  }
  if (error.status === 401) return null;
  // The request validator names fields as "body.password: …"; the form calls them by their labels.
  const details = (error.details ?? []).map((line) => line.replace(/^body\./, ''));
  return {
    title: refusalTitle(error, failure),
    message: details.length > 0 ? 'The server refused these values:' : error.message,
    lines: details,
    fixable: false,
    conflict: error.status === 409,
  };
}
