import { z } from 'zod';
import { TEXT_LIMITS } from '../catalogue/constants.ts';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(TEXT_LIMITS.username, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(TEXT_LIMITS.password, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });

/** The claims of the session token (spec 1 §3 "Session token contents"). */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
  isDataEntryUser: z.literal(false),
  access: z.object({
    parentOrganization: z.string().nullable(),
    privileges: z.array(z.string()),
  }),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const PASSWORD_MIN_LENGTH = 10;

/** The password rule in one sentence, shown where a password is chosen. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;

/** Password rule for accounts managed by `npm run users` and the Users screen. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `A password needs at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(TEXT_LIMITS.password, 'Password is too long')
  .refine((p) => /[A-Za-z]/.test(p) && /[0-9]/.test(p), 'A password needs at least one letter and one digit');

export const usernameSchema = z
  .string()
  .min(2, 'A username needs at least 2 characters')
  .max(TEXT_LIMITS.username, 'Username is too long')
  .regex(/^[a-z0-9._-]+$/, 'A username may hold only lower-case letters, digits, dot, dash and underscore');
