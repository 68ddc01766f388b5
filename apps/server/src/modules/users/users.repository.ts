import type { Kysely } from 'kysely';
import type { NewUser, User, UserUpdate } from '../../db/tables/auth.table.ts';
import type { Database } from '../../db/schema.ts';

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export function listUsers(db: Kysely<Database>): Promise<User[]> {
  return db.selectFrom('users').selectAll().orderBy('username').execute();
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

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
