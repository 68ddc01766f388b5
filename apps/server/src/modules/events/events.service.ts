import { PassThrough, type Readable } from 'node:stream';
import { ERROR_CODES, EVENTS, MESSAGES, type RecordEvent } from '@3ds/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, unauthorized } from '../../errors/app-error.ts';
import { newestAuditId, publishedAuditRowsAfter } from './events.repository.ts';

/** How a stream's session is checked (the auth module's AuthService): its user and when it ends, or a 401. */
export interface SessionCheck {
  verifySession(token: string): Promise<{ endsAt: Date }>;
}

/**
 * What one stream may hold unsent (frames queued here and bytes its response has not taken yet). A
 * client that falls this far behind is dropped rather than buffered for: it reconnects and catches
 * up by replay, or refetches everything after a reset. 4 MB is some 18,000 change events, more than
 * any one bulk operation writes at once.
 */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
/** How long replayed ids are remembered, so that their notices arriving late are not sent twice. */
const REPLAYED_IDS_MS = 10_000;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * Streams one session may hold open at once: one per browser tab, and ten tabs of 3DS are plenty.
 * Each stream holds a socket, a file descriptor and some 40 kB of buffers on the server.
 */
export const MAX_STREAMS_PER_SESSION = 10;

const changeFrame = (id: string, data: string) => `id: ${id}\nevent: change\ndata: ${data}\n\n`;
const PING = ': ping\n\n';
const RESET = 'event: reset\ndata: {}\n\n';
/** A refused stream is asked to try again after the stream's own reconnection delay. */
const RETRY_AFTER = { retryAfterSeconds: EVENTS.retryMs / 1000 };

type EndReason = 'session' | 'slow' | 'missed notices' | 'closing';

class EventStream {
  readonly output = new PassThrough();
  readonly token: string;
  readonly sessionId: string;
  /** Where the stream is piped (the HTTP response): whole chunks pass into its socket's buffer. */
  readonly destination: { readonly writableLength: number } | undefined;
  /** Live frames that arrive while the stream is being opened; sent after the replay. */
  held: { id: string; frame: string }[] | undefined = [];
  /** Frames waiting for the next flush. */
  pending: string[] = [];
  unsentBytes = 0;
  /** Ids sent by the replay, whose live notices may still be on their way. */
  replayed: Set<string> | undefined;
  ended = false;
  endedBecause: EndReason | undefined;
  readonly timers: NodeJS.Timeout[] = [];
  /** When the session ends at the latest (its expiry or the token's), and the timer that ends the stream then. */
  endsAt = 0;
  endTimer: NodeJS.Timeout | undefined;

  constructor(session: { token: string; sessionId: string }, destination: { readonly writableLength: number } | undefined) {
    this.token = session.token;
    this.sessionId = session.sessionId;
    this.destination = destination;
  }

  /** Bytes queued here, in the stream and in its response, that the client has not taken yet. */
  get backlog(): number {
    return this.unsentBytes + this.output.writableLength + this.output.readableLength + (this.destination?.writableLength ?? 0);
  }
}

/**
 * The server half of live updates (`GET /events`): every committed audit row of a record, announced
 * on `tds_events` (014_record_events.sql) to every server of the database, is written to every open
 * stream of this server.
 *
 * Nothing is lost while a stream is open: the notices arrive in commit order on the feed's own
 * connection, and a stream subscribes before it reads where it starts. When notices may have been
 * missed (the feed's connection was lost, a sync marker did not come back) every stream ends, so its
 * client reconnects and catches up.
 *
 * Audit ids come from a sequence, taken when the row is inserted, so transactions can commit out of
 * id order: a transaction holding id 100 can commit after one holding 101. Live delivery follows
 * commit order and sends both, whatever their ids. A replay (ids above the client's Last-Event-ID)
 * can miss such a row: one whose id is below the client's last id but that committed after the
 * client's stream ended. That is why a replay is a best effort and the web refetches what is on
 * screen after any reconnect; the replay spares it nothing but tells it what changed meanwhile.
 *
 * With no stream open, a notice costs one comparison: no database reads, no JSON.
 *
 * Streams are bounded: at most MAX_STREAMS_PER_SESSION per session (429 beyond) and `maxStreams`
 * on the server (503 beyond), counted from the moment a stream begins to open, so that one session
 * cannot hold the server's sockets and memory however fast it asks.
 */
export class EventsService {
  readonly #db: Kysely<Database>;
  readonly #feed: ChangeFeed;
  readonly #auth: SessionCheck;
  readonly #now: () => Date;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #streams = new Set<EventStream>();
  /** Open streams of each session. */
  readonly #perSession = new Map<string, number>();
  readonly #maxStreams: number;
  #flushScheduled = false;
  #ping: NodeJS.Timeout | undefined;
  #rechecking = false;
  #recheckAgain = false;
  #closing = false;

  constructor(deps: { db: Kysely<Database>; feed: ChangeFeed; auth: SessionCheck; now: () => Date; log?: FastifyBaseLogger; maxStreams: number }) {
    this.#db = deps.db;
    this.#maxStreams = deps.maxStreams;
    this.#feed = deps.feed;
    this.#auth = deps.auth;
    this.#now = deps.now;
    this.#log = deps.log;
    // Subscribed after the auth service, whose kept sessions are forgotten at a tds_auth notice before
    // the streams' sessions are checked again here.
    deps.feed.subscribe({
      notice: (channel, payload) => {
        if (this.#streams.size === 0) return;
        if (channel === 'tds_events') this.#publish(payload);
        else if (channel === 'tds_auth') this.#recheckSessions();
      },
      reset: () => {
        for (const stream of [...this.#streams]) this.#end(stream, 'missed notices');
      },
    });
  }

  /** Streams open now. */
  get openStreams(): number {
    return this.#streams.size;
  }

  /** Streams open now of one session. */
  streamsOf(sessionId: string): number {
    return this.#perSession.get(sessionId) ?? 0;
  }

  /**
   * Opens a stream for the session of `token` (already authenticated as `sessionId`): `retry`,
   * `ready`, then the published changes after `lastEventId` (or `reset` when more than
   * EVENTS.maxReplay were missed), then every change as it commits, until the session ends, the
   * client goes or the server closes. `destination` is the response the stream will be piped to,
   * whose buffer counts as unsent. Refused with 429 when the session has MAX_STREAMS_PER_SESSION
   * open, with 503 when the server has its `maxStreams`.
   */
  async open(
    session: { token: string; sessionId: string },
    lastEventId: string | undefined,
    destination?: { readonly writableLength: number },
  ): Promise<Readable> {
    if (this.#closing) throw new AppError(503, ERROR_CODES.unavailable, 'The server is shutting down; connect again in a moment.', RETRY_AFTER);
    if (!this.#feed.listening) {
      throw new AppError(503, ERROR_CODES.unavailable, 'Live updates are not being received right now; connect again in a moment.', RETRY_AFTER);
    }
    // Checked and counted in one synchronous step: requests that arrive together cannot all pass.
    if (this.streamsOf(session.sessionId) >= MAX_STREAMS_PER_SESSION) {
      throw new AppError(
        429,
        ERROR_CODES.tooManyAttempts,
        `This session already has ${MAX_STREAMS_PER_SESSION} live update streams open, the most one session may have (one per browser tab); close a tab of 3DS and this one connects again by itself.`,
        RETRY_AFTER,
      );
    }
    if (this.#streams.size >= this.#maxStreams) {
      this.#log?.warn({ maxStreams: this.#maxStreams }, 'events stream refused: the server holds as many as EVENTS_MAX_STREAMS allows');
      throw new AppError(503, ERROR_CODES.unavailable, 'This server has as many live update streams open as it allows; connect again in a moment.', RETRY_AFTER);
    }
    const stream = new EventStream(session, destination);
    // Listening before reading where to start: whatever commits meanwhile is held, not lost.
    this.#add(stream);
    let text: string;
    let endsAt: Date;
    try {
      ({ endsAt } = await this.#auth.verifySession(session.token));
      const newest = await newestAuditId(this.#db);
      const missed = lastEventId === undefined ? [] : await publishedAuditRowsAfter(this.#db, lastEventId, EVENTS.maxReplay + 1);
      text = `retry: ${EVENTS.retryMs}\nevent: ready\ndata: ${JSON.stringify({ lastEventId: newest })}\n\n`;
      if (missed.length > EVENTS.maxReplay) {
        text += RESET;
      } else if (missed.length) {
        stream.replayed = new Set();
        for (const event of missed) {
          stream.replayed.add(event.id);
          text += changeFrame(event.id, JSON.stringify(event));
        }
      }
    } catch (error) {
      this.#end(stream, 'closing');
      throw error;
    }
    // Live changes that came during the reads: those the replay already sent are not sent again.
    for (const { id, frame } of stream.held ?? []) if (!stream.replayed?.has(id)) text += frame;
    stream.held = undefined;
    stream.unsentBytes = 0;
    if (stream.ended) {
      if (stream.endedBecause === 'session') throw unauthorized(MESSAGES.unauthorized);
      // Notices may have been missed while it opened, or the server began closing.
      throw new AppError(503, ERROR_CODES.unavailable, 'Live updates were interrupted; connect again in a moment.');
    }
    stream.output.on('close', () => this.#end(stream, 'closing'));
    stream.output.write(text);
    this.#endAt(stream, endsAt);
    if (stream.replayed) stream.timers.push(setTimeout(() => (stream.replayed = undefined), REPLAYED_IDS_MS).unref());
    return stream.output;
  }

  /** Ends every stream (graceful shutdown) and opens no more. */
  close(): void {
    this.#closing = true;
    for (const stream of [...this.#streams]) this.#end(stream, 'closing');
  }

  /** Ends the stream when its session expires (again when the expiry moved). */
  #endAt(stream: EventStream, endsAt: Date) {
    if (stream.ended || stream.endsAt === endsAt.getTime()) return;
    stream.endsAt = endsAt.getTime();
    clearTimeout(stream.endTimer);
    const untilEnd = stream.endsAt - this.#now().getTime();
    stream.endTimer = setTimeout(() => this.#end(stream, 'session'), Math.max(0, Math.min(untilEnd, MAX_TIMER_MS))).unref();
  }

  #add(stream: EventStream) {
    this.#streams.add(stream);
    this.#perSession.set(stream.sessionId, this.streamsOf(stream.sessionId) + 1);
    this.#ping ??= setInterval(() => this.#pingAll(), EVENTS.pingMs).unref();
  }

  #end(stream: EventStream, reason: EndReason) {
    if (stream.ended) return;
    stream.ended = true;
    stream.endedBecause = reason;
    this.#streams.delete(stream);
    const left = this.streamsOf(stream.sessionId) - 1;
    if (left > 0) this.#perSession.set(stream.sessionId, left);
    else this.#perSession.delete(stream.sessionId);
    for (const timer of stream.timers) clearTimeout(timer);
    clearTimeout(stream.endTimer);
    stream.pending = [];
    stream.unsentBytes = 0;
    if (this.#streams.size === 0 && this.#ping) {
      clearInterval(this.#ping);
      this.#ping = undefined;
    }
    if (reason === 'slow') {
      // What it has not taken is dropped with it; it reconnects and catches up.
      this.#log?.info({ backlog: stream.backlog }, 'events stream dropped: its client falls behind');
      stream.output.destroy();
    } else if (!stream.output.destroyed) {
      stream.output.end();
    }
  }

  /** One notice of tds_events: the same frame for every stream, written at the next flush. */
  #publish(payload: string) {
    let event: RecordEvent;
    try {
      event = JSON.parse(payload) as RecordEvent;
    } catch {
      return;
    }
    const id = String(event.id);
    const frame = changeFrame(id, JSON.stringify(event));
    for (const stream of this.#streams) {
      if (stream.held) {
        stream.held.push({ id, frame });
      } else {
        if (stream.replayed?.has(id)) continue;
        stream.pending.push(frame);
      }
      stream.unsentBytes += frame.length;
      if (stream.backlog > MAX_UNSENT_BYTES) this.#end(stream, 'slow');
    }
    // A bulk operation's thousands of notices arrive together: one write per stream for all of them.
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      setImmediate(() => this.#flush());
    }
  }

  #flush() {
    this.#flushScheduled = false;
    for (const stream of this.#streams) {
      if (stream.held || stream.pending.length === 0) continue;
      const chunk = stream.pending.join('');
      stream.pending = [];
      stream.unsentBytes = 0;
      stream.output.write(chunk);
    }
  }

  #pingAll() {
    for (const stream of [...this.#streams]) {
      if (stream.held) continue;
      if (stream.backlog > MAX_UNSENT_BYTES) this.#end(stream, 'slow');
      else stream.output.write(PING);
    }
    // Besides the notices: a session's expiry moved closer, or a notice this server never saw.
    this.#recheckSessions();
  }

  /**
   * Checks the session of every open stream again (once per session, however many streams it has)
   * and ends the streams of those that fail. Checks requested while one runs run once after it.
   */
  #recheckSessions() {
    if (this.#rechecking) {
      this.#recheckAgain = true;
      return;
    }
    this.#rechecking = true;
    void (async () => {
      try {
        do {
          this.#recheckAgain = false;
          const byToken = new Map<string, EventStream[]>();
          for (const stream of this.#streams) byToken.set(stream.token, [...(byToken.get(stream.token) ?? []), stream]);
          await Promise.all(
            [...byToken].map(async ([token, streams]) => {
              try {
                const { endsAt } = await this.#auth.verifySession(token);
                for (const stream of streams) if (!stream.held) this.#endAt(stream, endsAt);
              } catch (error) {
                // Only a refused session ends its streams; a database that does not answer decides nothing.
                if (error instanceof AppError && error.status === 401) for (const stream of streams) this.#end(stream, 'session');
                else this.#log?.warn({ err: error }, 'events stream: session check failed');
              }
            }),
          );
        } while (this.#recheckAgain);
      } finally {
        this.#rechecking = false;
      }
    })();
  }
}
