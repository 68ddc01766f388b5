import { PRIVILEGES, USER_MESSAGES, type UserAccount } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import {
  CONFIRM_MESSAGES,
  EMPTY_NEW_USER,
  newUserFormErrors,
  newUserRequest,
  orderedPrivileges,
  passwordFormErrors,
  PRIVILEGE_GROUPS,
  privilegeDescription,
  privilegeLabel,
  refusalOf,
  userChanges,
  userFormErrors,
  userFormValues,
  type UserFormValues,
} from '../src/features/users/user-form-model.ts';
import {
  accountDate,
  accountTime,
  countText,
  DEFAULT_LIST_STATE,
  knownOrganizations,
  matchesQuickSearch,
  parseUserListState,
  privilegeSummary,
  userListStateToParams,
  visibleUsers,
} from '../src/features/users/user-list-model.ts';
import { ApiError } from '../src/lib/api-error.ts';

function account(overrides: Partial<UserAccount> = {}): UserAccount {
  return {
    username: 'jdoe',
    displayName: 'Jane Doe',
    parentOrganization: 'Northwind Laboratories',
    privileges: ['CREATE_JOB', 'LOCK_JOB'],
    disabled: false,
    createdAt: '2025-01-02T10:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

const valid: UserFormValues = {
  ...EMPTY_NEW_USER,
  username: '  JDoe ',
  displayName: ' Jane Doe ',
  password: 'secret-pass-1',
  confirmPassword: 'secret-pass-1',
  privileges: ['LOCK_JOB', 'CREATE_JOB'],
  parentOrganization: '  ',
};

describe('add user form', () => {
  it('accepts valid values and sends them as the server stores them', () => {
    expect(newUserFormErrors(valid)).toEqual({});
    expect(newUserRequest(valid)).toEqual({
      username: 'jdoe',
      displayName: 'Jane Doe',
      password: 'secret-pass-1',
      // In the domain's order; a blank organisation is none.
      privileges: ['CREATE_JOB', 'LOCK_JOB'],
      parentOrganization: null,
    });
  });

  it('applies the domain rules to username and password, one message per field', () => {
    const errors = newUserFormErrors({ ...valid, username: 'j doe', password: 'short1', confirmPassword: 'short1' });
    expect(errors.username).toBe('A username may hold only lower-case letters, digits, dot, dash and underscore');
    expect(errors.password).toBe('A password needs at least 10 characters');
    expect(Object.keys(errors).sort()).toEqual(['password', 'username']);
    expect(newUserFormErrors({ ...valid, password: 'onlyletters', confirmPassword: 'onlyletters' }).password).toBe(
      'A password needs at least one letter and one digit',
    );
  });

  it('asks for the confirmation, and says when the two passwords differ, even with other fields wrong', () => {
    expect(newUserFormErrors({ ...valid, confirmPassword: '' }).confirmPassword).toBe(CONFIRM_MESSAGES.missing);
    const errors = newUserFormErrors({ ...valid, username: '', confirmPassword: 'secret-pass-2' });
    expect(errors.confirmPassword).toBe(USER_MESSAGES.passwordsDiffer);
    expect(errors.username).toBeDefined();
  });

  it('refuses a name or organisation longer than the database holds', () => {
    const long = 'x'.repeat(201);
    expect(newUserFormErrors({ ...valid, displayName: long }).displayName).toMatch(/at most 200 characters/);
    expect(userFormErrors({ ...valid, parentOrganization: long }).parentOrganization).toMatch(/at most 200 characters/);
  });

  it('shows a privilege problem on the privileges group', () => {
    expect(userFormErrors({ ...valid, privileges: ['CREATE_JOB', 'FLY'] })).toEqual({ privileges: 'Unknown privilege: FLY' });
  });
});

describe('edit user form', () => {
  it('starts from the account, and ignores the password fields it does not show', () => {
    const values = userFormValues(account({ parentOrganization: null, privileges: ['LOCK_JOB', 'CREATE_JOB'] }));
    expect(values).toMatchObject({ username: 'jdoe', displayName: 'Jane Doe', parentOrganization: '', privileges: ['CREATE_JOB', 'LOCK_JOB'] });
    expect(userFormErrors(values)).toEqual({});
  });

  it('sends only what changed; nothing when nothing did', () => {
    const before = account();
    expect(userChanges(before, userFormValues(before))).toBeNull();
    // Same privileges in another order, name with spaces around it: no change.
    expect(userChanges(before, { displayName: ' Jane Doe ', privileges: ['LOCK_JOB', 'CREATE_JOB'], parentOrganization: 'Northwind Laboratories' })).toBeNull();
    expect(userChanges(before, { ...userFormValues(before), privileges: ['MANAGE_USERS', 'CREATE_JOB'] })).toEqual({
      privileges: ['CREATE_JOB', 'MANAGE_USERS'],
    });
    expect(userChanges(before, { ...userFormValues(before), displayName: 'Jane D.', parentOrganization: ' ' })).toEqual({
      displayName: 'Jane D.',
      parentOrganization: null,
    });
    expect(userChanges(account({ parentOrganization: null }), { ...userFormValues(before), parentOrganization: 'Acme ' })).toEqual({
      parentOrganization: 'Acme',
    });
  });
});

describe('reset password form', () => {
  it('applies the password rule and the confirmation', () => {
    expect(passwordFormErrors({ password: 'new-secret-9', confirmPassword: 'new-secret-9' })).toEqual({});
    // Two passwords that differ: the confirmation says so, the password is outlined too.
    expect(passwordFormErrors({ password: 'new-secret-9', confirmPassword: 'new-secret-8' })).toEqual({ confirmPassword: USER_MESSAGES.passwordsDiffer, password: true });
    expect(passwordFormErrors({ password: 'short', confirmPassword: 'other' })).toEqual({ password: 'A password needs at least 10 characters', confirmPassword: USER_MESSAGES.passwordsDiffer });
    expect(passwordFormErrors({ password: '', confirmPassword: '' })).toEqual({
      password: 'A password needs at least 10 characters',
      confirmPassword: CONFIRM_MESSAGES.missing,
    });
  });
});

describe('privileges', () => {
  it('groups every privilege exactly once', () => {
    const grouped = PRIVILEGE_GROUPS.flatMap((group) => group.privileges);
    expect([...grouped].sort()).toEqual([...PRIVILEGES].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('labels and describes each privilege by name and by what it allows', () => {
    expect(privilegeLabel('CREATE_LINE_ITEM')).toBe('Create line item');
    expect(privilegeLabel('MANAGE_USERS')).toBe('Manage users');
    expect(privilegeDescription('MANAGE_USERS')).toBe('MANAGE_USERS · Manage user accounts.');
    expect(privilegeDescription('MOVE_CONTAINER')).toBe('MOVE_CONTAINER · Move a container.');
  });

  it('orders privileges as the domain lists them, each once, unknown ones dropped', () => {
    expect(orderedPrivileges(['MANAGE_USERS', 'CREATE_JOB', 'CREATE_JOB', 'FLY'])).toEqual(['CREATE_JOB', 'MANAGE_USERS']);
  });

  it('summarises all, none, or the first few and the rest', () => {
    expect(privilegeSummary([...PRIVILEGES])).toEqual({ kind: 'all' });
    expect(privilegeSummary([])).toEqual({ kind: 'none' });
    expect(privilegeSummary(['LOCK_JOB', 'CREATE_JOB'])).toEqual({ kind: 'some', shown: ['CREATE_JOB', 'LOCK_JOB'], hidden: [] });
    expect(privilegeSummary(['MANAGE_USERS', 'CREATE_JOB', 'CREATE_CONTAINER', 'LOCK_JOB', 'UNLOCK_JOB'])).toEqual({
      kind: 'some',
      shown: ['CREATE_JOB', 'CREATE_CONTAINER', 'LOCK_JOB'],
      hidden: ['UNLOCK_JOB', 'MANAGE_USERS'],
    });
  });
});

describe('refusals', () => {
  it("shows the server's own message for a conflict or a missing privilege", () => {
    const refusal = refusalOf(new ApiError({ status: 409, title: 'Conflict', message: USER_MESSAGES.lastAdministratorDisable, code: 'CONFLICT' }), 'User ann was not disabled');
    expect(refusal).toEqual({ title: 'User ann was not disabled', message: USER_MESSAGES.lastAdministratorDisable, lines: [], fixable: false, conflict: true });
    // Without the caller's words, never the bare HTTP title.
    expect(refusalOf(new ApiError({ status: 409, title: 'Conflict', message: 'x', code: 'CONFLICT' }))?.title).toBe('This cannot be done now');
    expect(refusalOf(new ApiError({ status: 403, title: 'Forbidden', message: 'You do not have the MANAGE_USERS privilege needed to manage user accounts.', code: 'FORBIDDEN' }))?.message).toMatch(/MANAGE_USERS/);
  });

  it('lists validation details by field name', () => {
    const refusal = refusalOf(
      new ApiError({
        status: 400,
        title: 'Bad Request',
        message: 'The request is not valid: body.password: A password needs at least 10 characters',
        code: 'BAD_REQUEST',
        details: ['body.password: A password needs at least 10 characters'],
      }),
    );
    expect(refusal?.lines).toEqual(['password: A password needs at least 10 characters']);
  });

  it('stays silent on a 401 (the user was signed out and told why) and explains a browser failure', () => {
    expect(refusalOf(new ApiError({ status: 401, title: 'Unauthorized', message: 'Unauthorized', code: 'UNAUTHORIZED' }))).toBeNull();
    expect(refusalOf(new TypeError('boom'))?.title).toBe('Unexpected Error');
  });
});

describe('users list', () => {
  const admin = account({ username: 'admin', displayName: 'Alex Admin', privileges: [...PRIVILEGES], lastLoginAt: '2025-03-01T08:00:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' });
  const clerk = account({ username: 'clerk', displayName: 'Casey Clerk', parentOrganization: 'Acme', privileges: ['CREATE_JOB'], lastLoginAt: '2025-02-01T08:00:00.000Z', createdAt: '2025-01-03T00:00:00.000Z' });
  const viewer = account({ username: 'viewer', displayName: '', parentOrganization: null, privileges: [], disabled: true, createdAt: '2025-01-02T00:00:00.000Z' });
  const all = [viewer, clerk, admin];
  const names = (list: UserAccount[]) => list.map((a) => a.username);

  it('finds by every word in username, name, organisation, status or privilege', () => {
    expect(matchesQuickSearch(clerk, '')).toBe(true);
    expect(matchesQuickSearch(clerk, 'CASEY acme')).toBe(true);
    expect(matchesQuickSearch(clerk, 'casey northwind')).toBe(false);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, quick: 'disabled' }))).toEqual(['viewer']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, quick: 'manage_users' }))).toEqual(['admin']);
  });

  it('sorts by a column either way, empty values last, ties by username', () => {
    expect(names(visibleUsers(all, DEFAULT_LIST_STATE))).toEqual(['admin', 'clerk', 'viewer']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, direction: 'desc' }))).toEqual(['viewer', 'clerk', 'admin']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, sort: 'lastLoginAt', direction: 'desc' }))).toEqual(['admin', 'clerk', 'viewer']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, sort: 'lastLoginAt', direction: 'asc' }))).toEqual(['clerk', 'admin', 'viewer']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, sort: 'displayName' }))).toEqual(['admin', 'clerk', 'viewer']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, sort: 'createdAt', direction: 'desc' }))).toEqual(['clerk', 'viewer', 'admin']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, sort: 'status' }))).toEqual(['viewer', 'admin', 'clerk']);
    expect(names(visibleUsers(all, { ...DEFAULT_LIST_STATE, sort: 'parentOrganization' }))).toEqual(['clerk', 'admin', 'viewer']);
  });

  it('does not reorder the list it was given', () => {
    visibleUsers(all, DEFAULT_LIST_STATE);
    expect(names(all)).toEqual(['viewer', 'clerk', 'admin']);
  });

  it('keeps search and sort in the URL, defaults left out, other parameters kept', () => {
    const params = userListStateToParams({ quick: 'acme', sort: 'createdAt', direction: 'desc' }, new URLSearchParams('x=1'));
    expect(params.toString()).toBe('x=1&q=acme&sort=createdAt&dir=desc');
    expect(parseUserListState(params)).toEqual({ quick: 'acme', sort: 'createdAt', direction: 'desc' });
    expect(userListStateToParams(DEFAULT_LIST_STATE, params).toString()).toBe('x=1');
    expect(parseUserListState(new URLSearchParams('sort=password_hash&dir=sideways'))).toEqual(DEFAULT_LIST_STATE);
  });

  it('offers the organisations in use, once each, in order', () => {
    expect(knownOrganizations([admin, clerk, viewer, account({ parentOrganization: 'Acme' })])).toEqual(['Acme', 'Northwind Laboratories']);
  });

  it('shows times as the app does, and "Never" for no sign-in', () => {
    expect(accountTime(null)).toBe('Never');
    expect(accountDate('2025-03-01T12:00:00.000Z')).toMatch(/^03\/0[12]\/2025$/);
    expect(accountTime('2025-03-01T08:00:00.000Z')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(countText(3, 3)).toBe('3 users');
    expect(countText(1, 3)).toBe('1 of 3 users');
    expect(countText(1, 1)).toBe('1 user');
  });
});
