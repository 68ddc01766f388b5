import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/security/password.ts';

/** scrypt at a test cost: the parameters travel in the hash, so verification works the same. */
const TEST_COST = { N: 1024, r: 8, p: 1 };

export async function createUser(
  db: Kysely<Database>,
  overrides: { username?: string; password?: string; privileges?: string[]; parentOrganization?: string | null; disabled?: boolean } = {},
) {
  return db
    .insertInto('users')
    .values({
      username: overrides.username ?? `user${Math.random().toString(36).slice(2, 8)}`,
      password_hash: await hashPassword(overrides.password ?? 'correct horse 1', TEST_COST),
      parent_organization: overrides.parentOrganization ?? null,
      privileges: overrides.privileges ?? [],
      disabled: overrides.disabled ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
