import { describe, expect, it } from 'vitest';
import { loginRequestSchema, passwordSchema, usernameSchema } from '../../src/contracts/auth.ts';

describe('loginRequestSchema', () => {
  it('accepts a username and password and trims the username', () => {
    expect(loginRequestSchema.parse({ username: ' admin ', password: 'demo' })).toEqual({ username: 'admin', password: 'demo' });
  });
  it.each([
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ username: 'a', password: '' }, 'Password is required'],
    [{ username: 'a'.repeat(65), password: 'x' }, 'Username is too long'],
    [{ username: 'a', password: 'x'.repeat(257) }, 'Password is too long'],
  ])('refuses %j with "%s"', (input, message) => {
    const result = loginRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('password and username rules', () => {
  it.each([
    ['short1', false],
    ['onlyletterslong', false],
    ['1234567890', false],
    ['longenough1', true],
  ])('password %s → %s', (p, ok) => expect(passwordSchema.safeParse(p).success).toBe(ok));
  it.each([
    ['admin', true],
    ['j.doe-2', true],
    ['Admin', false],
    ['a', false],
    ['with space', false],
  ])('username %s → %s', (u, ok) => expect(usernameSchema.safeParse(u).success).toBe(ok));
});
