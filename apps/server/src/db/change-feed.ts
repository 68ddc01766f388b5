import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What the database announces (012_change_notices.sql), delivered to every server of one database
 * by PostgreSQL `LISTEN/NOTIFY` after the announcing transaction commits:
 *
 *  - `tds_changes`: a record table changed (payload: the table's name), once per table and transaction;
 *  - `tds_auth`: a session was revoked or its expiry changed, or a user changed (payload:
 *    `session:<id>` or `user:<id>`);
 *  - `tds_events`: an audit row of a record was written (014_record_events.sql; payload: the event's
 *    data as `GET /events` streams it), once per row;
 *  - `tds_sync`: a marker a server sends itself to learn that it has received everything committed
 *    before it (`sync`).
 *
 * Notifications of different transactions arrive in commit order, so once a server receives its
 * own marker it has received every notice of every transaction that committed before the marker.
 * While the connection is down nothing is received: `listening` is false, and every `reset`
 * listener is called when it goes down and again when it is back (notices may have been missed).
 */
export const CHANNELS = { changes: 'tds_changes', auth: 'tds_auth', events: 'tds_events', sync: 'tds_sync' } as const;

/** The channels whose notices reach the listeners (`tds_sync` is the feed's own). */
export type NoticeChannel = 'tds_changes' | 'tds_auth' | 'tds_events';

export interface FeedListener {
  /** A notice on `tds_changes`, `tds_auth` or `tds_events`. */
  notice?(channel: NoticeChannel, payload: string): void;
  /** Notices may have been missed: forget whatever depends on them. */
  reset?(): void;
}

export interface ChangeFeed {
  /** True while notices are being received; what is kept in memory may be trusted only then. */
  readonly listening: boolean;
  subscribe(listener: FeedListener): () => void;
  /**
   * Resolves once this server has received the notices of every transaction committed before the
   * call: after its own write, a server that syncs serves nothing older than that write. When the
   * marker does not come back in time, the listeners are reset instead.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** How long `sync` waits for its marker before it resets the listeners instead. */
const SYNC_TIMEOUT_MS = 2000;

/** The common part: listeners, dispatch and sync markers; the transport is the subclass's. */
abstract class FeedBase implements ChangeFeed {
  readonly #listeners = new Set<FeedListener>();
  readonly #markers = new Map<string, () => void>();
  abstract readonly listening: boolean;

  subscribe(listener: FeedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  protected dispatch(channel: string, payload: string): void {
    if (channel === CHANNELS.sync) {
      this.#markers.get(payload)?.();
      return;
    }
    if (channel !== CHANNELS.changes && channel !== CHANNELS.auth && channel !== CHANNELS.events) return;
    for (const listener of this.#listeners) listener.notice?.(channel, payload);
  }

  protected resetAll(): void {
    for (const listener of this.#listeners) listener.reset?.();
    // A marker sent before the reset may never come back: its waiters need not wait any more.
    for (const release of this.#markers.values()) release();
  }

  /** Sends a `tds_sync` notice with this payload, in a transaction of its own. */
  protected abstract sendMarker(marker: string): Promise<void>;

  async sync(): Promise<void> {
    if (!this.listening) return;
    const marker = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const received = new Promise<boolean>((resolve) => {
      this.#markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    try {
      await this.sendMarker(marker);
      if (!(await received)) this.resetAll();
    } catch {
      this.resetAll();
    } finally {
      clearTimeout(timer);
      this.#markers.delete(marker);
    }
  }

  abstract close(): Promise<void>;
}

/**
 * PostgreSQL: one connection of its own (outside the pool) that LISTENs, reconnecting with a growing
 * pause (0.1 s to 5 s) whenever it is lost.
 */
export class PostgresChangeFeed extends FeedBase {
  readonly #url: string;
  readonly #send: (marker: string) => Promise<void>;
  #client: pg.Client | undefined;
  #listening = false;
  #closed = false;
  #retryMs = 100;
  #retryTimer: NodeJS.Timeout | undefined;

  /** `send` runs `SELECT pg_notify('tds_sync', marker)` on a pooled connection of the same database. */
  constructor(url: string, send: (marker: string) => Promise<void>) {
    super();
    this.#url = url;
    this.#send = send;
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** Connects and listens; resolves once listening or once the first attempt failed (it keeps retrying). */
  async start(): Promise<void> {
    await this.#connect();
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 5000 });
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      if (this.#listening) {
        this.#listening = false;
        this.resetAll();
      }
      client.end().catch(() => {});
      this.#scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      // A listener never keeps the process alive on its own: the HTTP server does that.
      (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      await client.query(Object.values(CHANNELS).map((channel) => `LISTEN ${channel}`).join('; '));
      if (this.#client !== client || this.#closed) return;
      this.#retryMs = 100;
      this.#listening = true;
      // Whatever was kept before this connection may have missed notices.
      this.resetAll();
    } catch {
      lost();
    }
  }

  #scheduleReconnect() {
    if (this.#closed || this.#retryTimer) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, 5000);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      void this.#connect();
    }, wait);
    this.#retryTimer.unref();
  }

  protected sendMarker(marker: string): Promise<void> {
    return this.#send(marker);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}

/** The embedded database: one process, one connection; its notices come back to it after each statement. */
export class EmbeddedChangeFeed extends FeedBase {
  readonly #send: (marker: string) => Promise<void>;
  #unlisten: (() => Promise<void>)[] = [];
  #listening = false;

  constructor(send: (marker: string) => Promise<void>) {
    super();
    this.#send = send;
  }

  get listening(): boolean {
    return this.#listening;
  }

  async start(listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>): Promise<void> {
    for (const channel of Object.values(CHANNELS)) {
      this.#unlisten.push(await listen(channel, (payload) => this.dispatch(channel, payload)));
    }
    this.#listening = true;
  }

  protected sendMarker(marker: string): Promise<void> {
    return this.#send(marker);
  }

  async close(): Promise<void> {
    this.#listening = false;
    for (const unlisten of this.#unlisten) await unlisten().catch(() => {});
    this.#unlisten = [];
  }
}
