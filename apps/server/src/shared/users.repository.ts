import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { User } from '../db/tables/auth.table.ts';

/** An account by its username (stored lower-cased): the sign-in's and user management's one reading of it. */
export function findUserByUsername(db: Kysely<Database>, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
}
