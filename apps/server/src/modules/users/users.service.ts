import {
  isAdministrator,
  isPrivilege,
  passwordSchema,
  usernameSchema,
  USER_MESSAGES,
  type Privilege,
  type UserAccount,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { User, UserUpdate } from '../../db/tables/auth.table.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import { hashPassword } from '../../security/password.ts';
import type { SessionUser } from '../../security/session-user.ts';
import * as users from '../../db/repositories/users.repository.ts';

/**
 * Who changes accounts: a signed-in user, who needs MANAGE_USERS, or — as a name such as
 * `cli:jdoe` or `seed` — an operator who holds the database itself (`npm run users`, the seeds).
 */
export type AccountsActor = SessionUser | string;

/** What an audit row may show of a user: never the password hash. */
function auditView(user: User) {
  const { password_hash: _hash, ...rest } = user;
  return rest;
}

function accountView(user: User, lastLogin: Date | null): UserAccount {
  return {
    username: user.username,
    displayName: user.display_name,
    parentOrganization: user.parent_organization,
    privileges: user.privileges,
    disabled: user.disabled,
    createdAt: new Date(user.created_at).toISOString(),
    lastLoginAt: lastLogin ? new Date(lastLogin).toISOString() : null,
  };
}

function checkPrivileges(privileges: readonly string[]): Privilege[] {
  const unknown = privileges.filter((p) => !isPrivilege(p));
  if (unknown.length) throw badRequest(`Unknown privilege: ${unknown.join(', ')}`);
  return [...new Set(privileges)] as Privilege[];
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** A blank organisation is none. */
function organization(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export interface NewAccount {
  username: string;
  password: string;
  displayName?: string | undefined;
  parentOrganization?: string | null | undefined;
  privileges?: readonly string[] | undefined;
  /** Demo accounts use the demo password, which the password rule would refuse. */
  skipPasswordRule?: boolean;
}

export interface AccountChanges {
  displayName?: string | undefined;
  privileges?: readonly string[] | undefined;
  parentOrganization?: string | null | undefined;
  disabled?: boolean | undefined;
}

/** The audit action of a change: named after the one thing changed, `update` for several. */
function auditAction(changes: AccountChanges): string {
  const named = [
    changes.disabled !== undefined && (changes.disabled ? 'disable' : 'enable'),
    changes.privileges !== undefined && 'set-privileges',
    changes.parentOrganization !== undefined && 'set-organization',
    changes.displayName !== undefined && 'rename',
  ].filter((a): a is string => typeof a === 'string');
  return named.length === 1 ? named[0]! : 'update';
}

export class UsersService {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  async list(actor: AccountsActor): Promise<UserAccount[]> {
    authorize(actor);
    const rows = await users.listUsers(this.#db);
    return rows.map((row) => accountView(row, row.last_login_at));
  }

  async add(account: NewAccount, actor: AccountsActor, requestId?: string): Promise<UserAccount> {
    authorize(actor);
    const username = account.username.trim().toLowerCase();
    const problem =
      firstIssue(usernameSchema.safeParse(username)) ??
      (account.skipPasswordRule ? undefined : firstIssue(passwordSchema.safeParse(account.password)));
    if (problem) throw badRequest(problem);
    const privileges = checkPrivileges(account.privileges ?? []);
    const passwordHash = await hashPassword(account.password);
    return transaction(this.#db, async (trx) => {
      if (await users.findUserByUsername(trx, username)) throw conflict(`The username ${username} is already taken.`);
      const user = await users.insertUser(trx, {
        username,
        display_name: account.displayName?.trim() ?? '',
        password_hash: passwordHash,
        parent_organization: organization(account.parentOrganization),
        privileges,
      });
      await writeAudit(trx, { username: actorName(actor), action: 'create', entity: 'user', recordId: username, after: auditView(user), requestId: requestId ?? null });
      return accountView(user, null);
    });
  }

  setDisabled(username: string, disabled: boolean, actor: AccountsActor, requestId?: string): Promise<UserAccount> {
    return this.update(username, { disabled }, actor, requestId);
  }

  setPrivileges(username: string, privileges: readonly string[], actor: AccountsActor, requestId?: string): Promise<UserAccount> {
    return this.update(username, { privileges }, actor, requestId);
  }

  setParentOrganization(username: string, parentOrganization: string | null, actor: AccountsActor, requestId?: string): Promise<UserAccount> {
    return this.update(username, { parentOrganization }, actor, requestId);
  }

  /**
   * Changes name, privileges, organisation and enabled state in one transaction and one audit row.
   * Refuses a change that would leave no administrator, and a signed-in user disabling themselves.
   * Disabling a user or changing their privileges ends their sessions: the web shows what the
   * privileges of the token allow, so the user signs in again and sees what they may now do.
   */
  async update(username: string, changes: AccountChanges, actor: AccountsActor, requestId?: string): Promise<UserAccount> {
    authorize(actor);
    const name = username.trim().toLowerCase();
    const values: UserUpdate = {};
    if (changes.displayName !== undefined) values.display_name = changes.displayName.trim();
    if (changes.privileges !== undefined) values.privileges = checkPrivileges(changes.privileges);
    if (changes.parentOrganization !== undefined) values.parent_organization = organization(changes.parentOrganization);
    if (changes.disabled !== undefined) values.disabled = changes.disabled;
    if (Object.keys(values).length === 0) throw badRequest(USER_MESSAGES.nothingToChange);

    return transaction(this.#db, async (trx) => {
      const mayDemote = values.disabled === true || (values.privileges !== undefined && !values.privileges.includes('MANAGE_USERS'));
      // Locked before the account is read, so that two demotions of the last two administrators
      // cannot both see the other one still in place.
      const administrators = mayDemote ? await users.lockAdministrators(trx) : [];
      const before = await users.findUserByUsername(trx, name);
      if (!before) throw notFound(`There is no user ${name}.`);
      const next = { disabled: values.disabled ?? before.disabled, privileges: values.privileges ?? before.privileges };
      if (isAdministrator(before) && !isAdministrator(next) && !administrators.some((a) => a.id !== before.id)) {
        throw conflict(next.disabled ? USER_MESSAGES.lastAdministratorDisable : USER_MESSAGES.lastAdministratorPrivilege);
      }
      // After the administrator rule, so that the last administrator learns why that is refused.
      if (values.disabled === true && typeof actor !== 'string' && actor.username === name) throw conflict(USER_MESSAGES.selfDisable);
      const after = await users.updateUser(trx, before.id, values);
      const disabledNow = after.disabled && !before.disabled;
      if (disabledNow || !sameSet(before.privileges, after.privileges)) await users.revokeSessionsOf(trx, before.id, this.#now());
      await writeAudit(trx, {
        username: actorName(actor),
        action: auditAction(changes),
        entity: 'user',
        recordId: name,
        before: auditView(before),
        after: auditView(after),
        requestId: requestId ?? null,
      });
      return accountView(after, await users.findLastLogin(trx, before.id));
    });
  }

  /** Sets a new password and ends the user's sessions: whoever held the old one is signed out. */
  async resetPassword(username: string, password: string, actor: AccountsActor, requestId?: string): Promise<UserAccount> {
    authorize(actor);
    const name = username.trim().toLowerCase();
    const problem = firstIssue(passwordSchema.safeParse(password));
    if (problem) throw badRequest(problem);
    const passwordHash = await hashPassword(password);
    return transaction(this.#db, async (trx) => {
      const before = await users.findUserByUsername(trx, name);
      if (!before) throw notFound(`There is no user ${name}.`);
      const after = await users.updateUser(trx, before.id, { password_hash: passwordHash });
      await users.revokeSessionsOf(trx, before.id, this.#now());
      await writeAudit(trx, {
        username: actorName(actor),
        action: 'reset-password',
        entity: 'user',
        recordId: name,
        before: auditView(before),
        after: auditView(after),
        requestId: requestId ?? null,
      });
      return accountView(after, await users.findLastLogin(trx, before.id));
    });
  }
}

function authorize(actor: AccountsActor): void {
  if (typeof actor !== 'string') assertMayPerform(actor, 'user.manage');
}

function actorName(actor: AccountsActor): string {
  return typeof actor === 'string' ? actor : actor.username;
}
