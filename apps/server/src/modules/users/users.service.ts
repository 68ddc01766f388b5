import { isPrivilege, passwordSchema, usernameSchema, type Privilege } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { User } from '../../db/tables/auth.table.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import { hashPassword } from '../../security/password.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import * as users from './users.repository.ts';
import { transaction } from '../../db/transaction.ts';

/** What an audit row may show of a user: never the password hash. */
function publicView(user: User) {
  const { password_hash: _hash, ...rest } = user;
  return rest;
}

function checkPrivileges(privileges: readonly string[]): Privilege[] {
  const unknown = privileges.filter((p) => !isPrivilege(p));
  if (unknown.length) throw badRequest(`Unknown privilege: ${unknown.join(', ')}`);
  return [...new Set(privileges)] as Privilege[];
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

export interface NewAccount {
  username: string;
  password: string;
  displayName?: string;
  parentOrganization?: string | null;
  privileges?: readonly string[];
  /** Demo accounts use the demo password, which the password rule would refuse. */
  skipPasswordRule?: boolean;
}

export class UsersService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  list() {
    return users.listUsers(this.#db).then((rows) => rows.map(publicView));
  }

  async add(account: NewAccount, actor: string) {
    const username = account.username.trim().toLowerCase();
    const problem =
      firstIssue(usernameSchema.safeParse(username)) ??
      (account.skipPasswordRule ? undefined : firstIssue(passwordSchema.safeParse(account.password)));
    if (problem) throw badRequest(problem);
    const privileges = checkPrivileges(account.privileges ?? []);
    const passwordHash = await hashPassword(account.password);
    return transaction(this.#db, async (trx) => {
      if (await users.findUserByUsername(trx, username)) throw conflict(`The username ${username} is already taken`);
      const user = await users.insertUser(trx, {
        username,
        display_name: account.displayName ?? '',
        password_hash: passwordHash,
        parent_organization: account.parentOrganization ?? null,
        privileges,
      });
      await writeAudit(trx, { username: actor, action: 'create', entity: 'user', recordId: user.id, after: publicView(user) });
      return publicView(user);
    });
  }

  async setDisabled(username: string, disabled: boolean, actor: string) {
    return this.#change(username, actor, disabled ? 'disable' : 'enable', async () => ({ disabled }));
  }

  async setPrivileges(username: string, privileges: readonly string[], actor: string) {
    const checked = checkPrivileges(privileges);
    return this.#change(username, actor, 'set-privileges', async () => ({ privileges: checked }));
  }

  async setParentOrganization(username: string, parentOrganization: string | null, actor: string) {
    return this.#change(username, actor, 'set-organization', async () => ({ parent_organization: parentOrganization }));
  }

  async resetPassword(username: string, password: string, actor: string) {
    const problem = firstIssue(passwordSchema.safeParse(password));
    if (problem) throw badRequest(problem);
    const passwordHash = await hashPassword(password);
    return this.#change(username, actor, 'reset-password', async () => ({ password_hash: passwordHash }));
  }

  async #change(
    username: string,
    actor: string,
    action: string,
    changes: () => Promise<Parameters<typeof users.updateUser>[2]>,
  ) {
    const values = await changes();
    return transaction(this.#db, async (trx) => {
      const before = await users.findUserByUsername(trx, username);
      if (!before) throw notFound(`There is no user ${username}`);
      const after = await users.updateUser(trx, before.id, values);
      // Any change to an account ends its sessions except a privilege or organisation change,
      // which the next login picks up; a disabled account or a new password must sign in again.
      if (action === 'disable' || action === 'reset-password') {
        await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', before.id).where('revoked_at', 'is', null).execute();
      }
      await writeAudit(trx, { username: actor, action, entity: 'user', recordId: before.id, before: publicView(before), after: publicView(after) });
      return publicView(after);
    });
  }
}
