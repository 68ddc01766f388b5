import { z } from 'zod';
import { TEXT_LIMITS } from '../catalogue/constants.ts';
import { PRIVILEGES } from '../catalogue/privileges.ts';
import { singleLineTextProblem, trimLine } from '../rules/text.ts';
import { USER_MESSAGES } from '../rules/users.ts';
import { passwordSchema, usernameSchema } from './auth.ts';

/**
 * User accounts as the Users screen and `PATCH/POST /3ds/api/users…` see them. The route validates
 * bodies with these schemas and the forms use the same ones, so a rule is written once.
 */

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
