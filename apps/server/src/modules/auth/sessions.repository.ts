import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function insertSession(
  db: Kysely<Database>,
  session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  return db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      revoked_at: null,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}

/** The session with its user as they are now (privileges are read live, not from the token). */
export function findLiveSession(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      's.last_seen_at as lastSeenAt',
      'u.id as userId',
      'u.username',
      'u.privileges',
      'u.parent_organization as parentOrganization',
      'u.disabled',
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

export function touchSession(db: Kysely<Database>, sessionId: string, at: Date) {
  return db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export function revokeSession(db: Kysely<Database>, sessionId: string, at: Date) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning(['id'])
    .executeTakeFirst();
}

export async function countRecentFailures(db: Kysely<Database>, username: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', '=', username)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function recordFailure(db: Kysely<Database>, username: string, ip: string | null, at: Date) {
  return db.insertInto('login_failures').values({ username, ip, at }).execute();
}

export function clearFailures(db: Kysely<Database>, username: string) {
  return db.deleteFrom('login_failures').where('username', '=', username).execute();
}

export function findLockout(db: Kysely<Database>, username: string) {
  return db.selectFrom('login_lockouts').select('locked_until').where('username', '=', username).executeTakeFirst();
}

export function setLockout(db: Kysely<Database>, username: string, until: Date) {
  return db
    .insertInto('login_lockouts')
    .values({ username, locked_until: until })
    .onConflict((oc) => oc.column('username').doUpdateSet({ locked_until: until }))
    .execute();
}

export function clearLockout(db: Kysely<Database>, username: string) {
  return db.deleteFrom('login_lockouts').where('username', '=', username).execute();
}

/** Old failure rows are only evidence for throttling: keep a day of them. */
export function pruneFailures(db: Kysely<Database>, before: Date) {
  return db.deleteFrom('login_failures').where('at', '<', before).execute();
}
