import { randomUUID } from 'node:crypto';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  MESSAGES,
  SESSION_TTL_SECONDS,
  type LoginRequest,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { tooManyAttempts, unauthorized } from '../../errors/app-error.ts';
import { decoyPasswordHash, SignInsBusyError, verifyPassword } from '../../security/password.ts';
import type { SessionUser } from '../../security/session-user.ts';
import type { TokenSigner } from '../../security/tokens.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import { findUserByUsername } from '../../db/repositories/users.repository.ts';
import type { User } from '../../db/tables/auth.table.ts';
import * as sessions from './sessions.repository.ts';


/** What a password check found: the user, or why not. */
export type PasswordCheck = { ok: true; user: User } | { ok: false; reason: 'locked' | 'busy' | 'credentials' | 'disabled' };

/** A session id (sessions.id is a uuid). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** When a sign-in refused for a full line of hashes may try again. */
const SIGN_INS_BUSY_RETRY_SECONDS = 2;

/** `last_seen_at` is written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

type LiveSession = NonNullable<Awaited<ReturnType<typeof sessions.findLiveSession>>>;

/**
 * Sessions as last read from the database, kept while the change feed listens: a revoked session,
 * a moved expiry or any change to a user is announced on `tds_auth` (012_change_notices.sql) to
 * every server, and forgets what was kept. A reading that began before such a notice is not kept
 * (the generation moved), so a revocation is never undone by a slow request.
 */
class LiveSessions {
  readonly #feed: ChangeFeed | undefined;
  readonly #kept = new Map<string, LiveSession>();
  #generation = 0;

  constructor(feed: ChangeFeed | undefined) {
    this.#feed = feed;
    feed?.subscribe({
      notice: (channel) => {
        if (channel === 'tds_auth') this.forgetAll();
      },
      reset: () => this.forgetAll(),
    });
  }

  forgetAll() {
    this.#generation += 1;
    this.#kept.clear();
  }

  async find(db: Kysely<Database>, sessionId: string): Promise<LiveSession | undefined> {
    const listening = this.#feed?.listening === true;
    if (listening) {
      const kept = this.#kept.get(sessionId);
      if (kept) return kept;
    }
    const generation = this.#generation;
    const session = await sessions.findLiveSession(db, sessionId);
    if (listening && session && generation === this.#generation && this.#feed?.listening) {
      if (this.#kept.size >= MAX_KEPT_SESSIONS) this.#kept.delete(this.#kept.keys().next().value!);
      this.#kept.set(sessionId, session);
    }
    return session;
  }

  /** After this server wrote `last_seen_at`: the kept copy says so too. */
  touched(sessionId: string, at: Date) {
    const kept = this.#kept.get(sessionId);
    if (kept) this.#kept.set(sessionId, { ...kept, lastSeenAt: at });
  }
}

/** Live sessions kept in memory at most (the oldest kept first out). */
const MAX_KEPT_SESSIONS = 10_000;

export class AuthService {
  readonly #db: Kysely<Database>;
  readonly #tokens: TokenSigner;
  readonly #now: () => Date;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #live: LiveSessions;

  constructor(deps: { db: Kysely<Database>; tokens: TokenSigner; now: () => Date; sleep?: (ms: number) => Promise<void>; feed?: ChangeFeed }) {
    this.#db = deps.db;
    this.#live = new LiveSessions(deps.feed);
    this.#tokens = deps.tokens;
    this.#now = deps.now;
    this.#sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * Whether `password` is the password of `username`, counted as a sign-in is: an unknown username
   * costs what a wrong password does, each failure counts towards the lockout and slows the next
   * answer. A witness's confirmation (modules/witnesses) asks the same, so a password cannot be
   * guessed there faster than at the sign-in.
   */
  async checkPassword(username: string, password: string, meta: RequestMeta): Promise<PasswordCheck> {
    const name = username.trim().toLowerCase();
    const now = this.#now();
    const lockout = await sessions.findLockout(this.#db, name);
    if (lockout && new Date(lockout.locked_until) > now) return { ok: false, reason: 'locked' };
    const user = await findUserByUsername(this.#db, name);
    let passwordOk: boolean;
    try {
      passwordOk = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
    } catch (error) {
      // Pushed out of the line for a hash by later sign-ins: nothing was checked, nothing is counted.
      if (error instanceof SignInsBusyError) return { ok: false, reason: 'busy' };
      throw error;
    }
    if (!user || !passwordOk) {
      await this.#recordFailure(name, meta, now);
      return { ok: false, reason: 'credentials' };
    }
    if (user.disabled) return { ok: false, reason: 'disabled' };
    return { ok: true, user };
  }

  async login(request: LoginRequest, meta: RequestMeta): Promise<{ token: string }> {
    const check = await this.checkPassword(request.username, request.password, meta);
    if (!check.ok) {
      if (check.reason === 'locked') throw tooManyAttempts(MESSAGES.tooManyAttempts);
      if (check.reason === 'busy') throw tooManyAttempts(MESSAGES.signInsBusy, SIGN_INS_BUSY_RETRY_SECONDS);
      if (check.reason === 'disabled') throw unauthorized(MESSAGES.accountDisabled);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    const { user } = check;
    const username = user.username;
    const now = this.#now();

    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    await transaction(this.#db, async (trx) => {
      await sessions.clearFailures(trx, username);
      await sessions.clearLockout(trx, username);
      await sessions.insertSession(trx, { id: sessionId, userId: user.id, expiresAt, ip: meta.ip, userAgent: meta.userAgent });
      await writeAudit(trx, { username, action: 'login', entity: 'session', recordId: sessionId, requestId: meta.requestId });
    });
    const token = await this.#tokens.sign(
      {
        sub: user.username,
        sid: sessionId,
        isDataEntryUser: false,
        access: { parentOrganization: user.parent_organization, privileges: user.privileges },
      },
      now,
      expiresAt,
    );
    return { token };
  }

  async #recordFailure(username: string, meta: RequestMeta, now: Date) {
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    const failures = await transaction(this.#db, async (trx) => {
      await sessions.recordFailure(trx, username, meta.ip, now);
      const count = await sessions.countRecentFailures(trx, username, since);
      if (count >= LOGIN_MAX_FAILURES) {
        await sessions.setLockout(trx, username, new Date(now.getTime() + LOGIN_FAILURE_WINDOW_MS));
        await writeAudit(trx, { username, action: 'lockout', entity: 'session', requestId: meta.requestId });
      }
      return count;
    });
    // Each failure slows the next answer a little more (capped), on top of the lockout.
    await this.#sleep(Math.min(failures, LOGIN_MAX_FAILURES) * 200);
  }

  /** The signed-in user of a bearer token, or a 401 explaining why not. */
  async authenticate(token: string): Promise<SessionUser> {
    const now = this.#now();
    const { session, user } = await this.#check(token, now);
    if (now.getTime() - new Date(session.lastSeenAt).getTime() > TOUCH_INTERVAL_MS) {
      await sessions.touchSession(this.#db, session.sessionId, now);
      this.#live.touched(session.sessionId, now);
    }
    return user;
  }

  /**
   * What `authenticate` answers, without marking the session seen (a long-lived stream checks its
   * session again and again; that is not the user being active), and when the session ends at the
   * latest: its expiry or the token's, whichever is first.
   */
  async verifySession(token: string): Promise<{ user: SessionUser; endsAt: Date }> {
    const { user, endsAt } = await this.#check(token, this.#now());
    return { user, endsAt };
  }

  /**
   * Whether the session lives now (not signed out or revoked, its user enabled, not expired): a
   * download link made for it works only while it does. Read as sessions are kept, so a session
   * ended on any server is seen here within milliseconds (tds_auth notices).
   */
  async isSessionLive(sessionId: string): Promise<boolean> {
    if (!SESSION_ID.test(sessionId)) return false;
    const session = await this.#live.find(this.#db, sessionId);
    return session !== undefined && !session.revokedAt && !session.disabled && new Date(session.expiresAt) > this.#now();
  }

  async #check(token: string, now: Date): Promise<{ session: LiveSession; user: SessionUser; endsAt: Date }> {
    const check = await this.#tokens.verify(token, now);
    if (!check.ok) {
      if (check.reason === 'expired') throw unauthorized(MESSAGES.sessionExpired, MESSAGES.sessionExpiredTitle);
      throw unauthorized(MESSAGES.unauthorized);
    }
    const session = await this.#live.find(this.#db, check.claims.sid);
    if (!session || session.revokedAt || session.disabled || session.username !== check.claims.sub) {
      throw unauthorized(MESSAGES.unauthorized);
    }
    const expiresAt = new Date(session.expiresAt);
    if (expiresAt <= now) throw unauthorized(MESSAGES.sessionExpired, MESSAGES.sessionExpiredTitle);
    return {
      session,
      user: {
        sessionId: session.sessionId,
        userId: session.userId,
        username: session.username,
        privileges: session.privileges,
        parentOrganization: session.parentOrganization,
      },
      endsAt: new Date(Math.min(expiresAt.getTime(), check.claims.exp * 1000)),
    };
  }

  async logout(user: SessionUser, meta: RequestMeta): Promise<void> {
    await transaction(this.#db, async (trx) => {
      await sessions.revokeSession(trx, user.sessionId, this.#now());
      await writeAudit(trx, { username: user.username, action: 'logout', entity: 'session', recordId: user.sessionId, requestId: meta.requestId });
    });
    // The notice reaches every server; this one forgets at once.
    this.#live.forgetAll();
  }
}
