import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { NewUser, User, UserUpdate } from '../tables/auth.table.ts';

/** An account by its username (stored lower-cased): the sign-in's and user management's one reading of it. */
export function findUserByUsername(db: Kysely<Database>, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export type UserWithLastLogin = User & { last_login_at: Date | null };

/** Every account with the start of its latest session (its last login), by username. */
export function listUsers(db: Kysely<Database>): Promise<UserWithLastLogin[]> {
  return db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) =>
      eb
        .selectFrom('sessions as s')
        .whereRef('s.user_id', '=', 'u.id')
        .select((inner) => inner.fn.max('s.created_at').as('at'))
        .as('last_login_at'),
    )
    .orderBy('u.username')
    .execute() as Promise<UserWithLastLogin[]>;
}

export async function findLastLogin(db: Kysely<Database>, userId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.at ?? null;
}

/**
 * Locks the administrators (enabled accounts holding MANAGE_USERS) until the transaction ends.
 * Two transactions that each demote one of the last two administrators queue here; the second
 * then sees only the administrator that is left, because PostgreSQL re-checks the condition on
 * rows changed while it waited.
 */
export function lockAdministrators(db: Kysely<Database>): Promise<Pick<User, 'id' | 'username'>[]> {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(sql<boolean>`'MANAGE_USERS' = ANY(privileges)`)
    .where('disabled', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function insertUser(db: Kysely<Database>, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Kysely<Database>, id: number, changes: UserUpdate): Promise<User> {
  return db
    .updateTable('users')
    .set((eb) => ({ ...changes, updated_at: new Date(), mod_id: eb('mod_id', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends every live session of the user: their next request answers 401. */
export function revokeSessionsOf(db: Kysely<Database>, userId: number, at: Date): Promise<unknown> {
  return db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** The enabled accounts among these usernames, with their password hashes (the start banner's demo sign-ins). */
export function enabledUsersNamed(db: Kysely<Database>, usernames: readonly string[]): Promise<Pick<User, 'username' | 'password_hash'>[]> {
  return db.selectFrom('users').select(['username', 'password_hash']).where('username', 'in', usernames).where('disabled', '=', false).execute();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
