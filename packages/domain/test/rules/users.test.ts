import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE } from '../../src/contracts/auth.ts';
import { PRIVILEGES } from '../../src/catalogue/privileges.ts';
import { isAdministrator, privilegePurpose, USER_MESSAGES } from '../../src/rules/users.ts';
import { newUserSchema, passwordResetSchema, userChangesSchema } from '../../src/contracts/users.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('newUserSchema', () => {
  it('trims and lower-cases the username before the username rule', () => {
    expect(newUserSchema.parse({ username: '  JDoe ', password: 'good-pass-123' }).username).toBe('jdoe');
  });

  it.each([
    [{ username: 'x', password: 'good-pass-123' }, 'A username needs at least 2 characters'],
    [{ username: 'j doe', password: 'good-pass-123' }, 'A username may hold only lower-case letters, digits, dot, dash and underscore'],
    [{ username: 'jdoe', password: 'short1' }, 'A password needs at least 10 characters'],
    [{ username: 'jdoe', password: 'abcdefghijkl' }, 'A password needs at least one letter and one digit'],
    [{ username: 'jdoe', password: 'good-pass-123', privileges: ['ROOT'] }, 'Unknown privilege: ROOT'],
    [{ username: 'jdoe', password: 'good-pass-123', displayName: 'x'.repeat(201) }, 'A name may have at most 200 characters'],
    [{ username: 'jdoe', password: 'good-pass-123', parentOrganization: 'x'.repeat(201) }, 'A parent organisation may have at most 200 characters'],
  ])('refuses %j with the rule', (input, message) => {
    expect(firstMessage(newUserSchema.safeParse(input))).toBe(message);
  });
});

describe('userChangesSchema', () => {
  it('accepts any one of the fields, and none organisation', () => {
    for (const change of [{ displayName: 'A' }, { privileges: [] }, { parentOrganization: null }, { disabled: true }]) {
      expect(userChangesSchema.safeParse(change).success).toBe(true);
    }
  });

  it('refuses an empty change, an unknown field and a wrong type', () => {
    expect(firstMessage(userChangesSchema.safeParse({}))).toBe(USER_MESSAGES.nothingToChange);
    expect(userChangesSchema.safeParse({ password: 'good-pass-123' }).success).toBe(false);
    expect(firstMessage(userChangesSchema.safeParse({ disabled: 'yes' }))).toBe('disabled must be true or false');
  });
});

describe('passwordResetSchema', () => {
  it('applies the password rule', () => {
    expect(passwordResetSchema.safeParse({ password: 'new-pass-456' }).success).toBe(true);
    expect(firstMessage(passwordResetSchema.safeParse({ password: 'nodigitshere' }))).toBe('A password needs at least one letter and one digit');
    expect(PASSWORD_RULE).toBe('At least 10 characters, with at least one letter and one digit.');
  });
});

describe('isAdministrator', () => {
  it('is an enabled account holding MANAGE_USERS', () => {
    expect(isAdministrator({ disabled: false, privileges: ['MANAGE_USERS'] })).toBe(true);
    expect(isAdministrator({ disabled: true, privileges: ['MANAGE_USERS'] })).toBe(false);
    expect(isAdministrator({ disabled: false, privileges: ['CREATE_JOB'] })).toBe(false);
  });
});

describe('privilegePurpose', () => {
  it('describes each privilege by what the permission table lets it do', () => {
    expect(privilegePurpose('CREATE_JOB')).toBe('Create a job, rename a job, edit the destruction record of a job, send the Job Ready notification, add pictures and documents to a job, generate the DEA Form 41 of a job, attach the signed copy of a generated document, generate the Certificate of Destruction of a job, change a job\'s declared inventory, make the reconciliation\'s PDF of a job, record a witness\'s confirmation, withdraw a witness\'s confirmation, make the Form 106 worksheet of a loss, issue a Form 222, change a Form 222.');
    expect(privilegePurpose('UNLOCK_JOB')).toBe('Unlock a job, mark a Form 222 executed, void or lost.');
    expect(privilegePurpose('MOVE_CONTAINER')).toBe('Move a container.');
    expect(privilegePurpose('MANAGE_USERS')).toBe('Manage user accounts.');
    expect(privilegePurpose('MANAGE_SETTINGS')).toBe('Change our registration in the settings, keep the holiday calendar, make an ARCOS report of our registration, take an inventory of the controlled substances on hand.');
    for (const privilege of PRIVILEGES) expect(privilegePurpose(privilege)).toMatch(/^[A-Z].+\.$/);
  });
});
