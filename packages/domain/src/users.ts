import { z } from 'zod';
import { singleLineTextProblem, trimLine } from './text.ts';
import { passwordSchema, usernameSchema } from './auth.ts';
import { TEXT_LIMITS } from './constants.ts';
import { ACTIONS } from './permissions.ts';
import { PRIVILEGES, hasPrivilege, type Privilege } from './privileges.ts';

/**
 * User accounts as the Users screen and `PATCH/POST /3ds/api/users…` see them. The route validates
 * bodies with these schemas and the forms use the same ones, so a rule is written once.
 */

export const USER_MESSAGES = {
  lastAdministratorDisable: 'Cannot disable the last administrator: give another user MANAGE_USERS first.',
  lastAdministratorPrivilege: 'Cannot remove MANAGE_USERS from the last administrator: give another user MANAGE_USERS first.',
  selfDisable: 'You cannot disable your own account: you would be signed out at once. Ask another administrator to do it.',
  nothingToChange: 'Nothing to change: send at least one of displayName, privileges, parentOrganization or disabled.',
  passwordsDiffer: 'The two passwords differ',
} as const;

export const displayNameSchema = z
  .string()
  .overwrite(trimLine)
  .superRefine((v, ctx) => {
    const problem = singleLineTextProblem('A name', v, TEXT_LIMITS.name, `A name may have at most ${TEXT_LIMITS.name} characters`);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Empty means none; the service stores a blank organisation as none. */
export const parentOrganizationSchema = z
  .string()
  .overwrite(trimLine)
  .superRefine((v, ctx) => {
    const problem = singleLineTextProblem('A parent organisation', v, TEXT_LIMITS.name, `A parent organisation may have at most ${TEXT_LIMITS.name} characters`);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable();

export const privilegeListSchema = z
  .array(z.enum(PRIVILEGES, { error: (issue) => `Unknown privilege: ${String(issue.input)}` }))
  .max(PRIVILEGES.length * 2, 'Too many privileges');

/** The username as typed: surrounding spaces dropped and lower-cased before the username rule. */
export const newUsernameSchema = z.string().trim().toLowerCase().pipe(usernameSchema);

export const newUserSchema = z.object({
  username: newUsernameSchema,
  displayName: displayNameSchema.optional(),
  password: passwordSchema,
  privileges: privilegeListSchema.optional(),
  parentOrganization: parentOrganizationSchema.optional(),
});
export type NewUserRequest = z.infer<typeof newUserSchema>;

export const userChangesSchema = z
  .strictObject({
    displayName: displayNameSchema.optional(),
    privileges: privilegeListSchema.optional(),
    parentOrganization: parentOrganizationSchema.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), USER_MESSAGES.nothingToChange);
export type UserChanges = z.infer<typeof userChangesSchema>;

export const passwordResetSchema = z.object({ password: passwordSchema });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** What the server tells of an account: never its password hash. */
export const userAccountSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  parentOrganization: z.string().nullable(),
  privileges: z.array(z.string()),
  disabled: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; null when the user never signed in. */
  lastLoginAt: z.string().nullable(),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

export const userListSchema = z.object({ users: z.array(userAccountSchema) });

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
