import { RECORD_EVENT_ENTITIES, type RecordEventEntity } from '@3ds/domain';
import { EventStreamParser } from './event-stream-parser.ts';

/**
 * The server's live change stream (`GET /3ds/api/events`, Server-Sent Events): one `change` event
 * per audited change to a record — by anyone, through any server — so that open screens follow it.
 * Read with fetch rather than EventSource, which cannot send the bearer token. The connection
 * comes back by itself after a network loss, sending `Last-Event-ID` so that the server replays
 * what was missed; since a replay cannot be complete in every case, a reconnection also asks for
 * everything on screen to be read again (`onResync`).
 */
export type RecordChangeEntity = RecordEventEntity;

export interface RecordChange {
  /** The change's audit row id, which is also the event's id. */
  id: string;
  entity: RecordChangeEntity;
  recordId: string;
  /** The audit row's action: create, edit, lock, unlock, move, delete, … */
  action: string;
  /** Who made the change. */
  user: string;
  /** When (ISO time, the server's clock). */
  at: string;
  /** When this browser heard of it (ms since epoch). */
  receivedAt: number;
}

const TEXT_FIELDS = ['id', 'action', 'user', 'at'] as const;

/**
 * A `change` event's data, or undefined when it is not one we know (a newer server's entity).
 * Checked by hand, not with zod: this runs in the signed-in frame, whose first-load bundle has no zod.
 */
export function parseRecordChange(data: string, receivedAt: number): RecordChange | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  if (!TEXT_FIELDS.every((name) => typeof fields[name] === 'string')) return undefined;
  if (!(RECORD_EVENT_ENTITIES as readonly unknown[]).includes(fields.entity)) return undefined;
  // A change not of one record (none today) still makes the screens read again.
  if (fields.recordId !== null && typeof fields.recordId !== 'string') return undefined;
  const { id, action, user, at } = fields as Record<(typeof TEXT_FIELDS)[number], string>;
  return { id, entity: fields.entity as RecordChangeEntity, recordId: fields.recordId ?? '', action, user, at, receivedAt };
}

function readyEventId(data: string): string {
  try {
    const id = (JSON.parse(data) as { lastEventId?: unknown }).lastEventId;
    return typeof id === 'string' && /^\d+$/.test(id) ? id : '';
  } catch {
    return '';
  }
}

export interface LiveEventsOptions {
  url: string;
  token: string;
  onChange(change: RecordChange): void;
  /** Something may have been missed (a reconnection, or the server's `reset`): read again what is shown. */
  onResync(): void;
  /** The server refused the token: the session is over. */
  onUnauthorized?(): void;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** First pause before reconnecting, doubled up to `maxRetryMs` while attempts keep failing. */
  retryMs?: number;
  maxRetryMs?: number;
}

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** One connection loop; `stop()` ends it for good. */
export class LiveEvents {
  readonly #options: LiveEventsOptions;
  readonly #stop = new AbortController();
  #lastEventId = '';
  #running = false;

  constructor(options: LiveEventsOptions) {
    this.#options = options;
  }

  start(): void {
    if (this.#running || this.#stop.signal.aborted) return;
    this.#running = true;
    void this.#loop();
  }

  stop(): void {
    this.#stop.abort();
  }

  /** Reconnect at once (the browser is back online) rather than at the end of the pause. */
  #wake: AbortController | undefined;
  wake(): void {
    this.#wake?.abort();
  }

  async #loop(): Promise<void> {
    const { url, token, onResync } = this.#options;
    const doFetch = this.#options.fetch ?? globalThis.fetch.bind(globalThis);
    const sleep = this.#options.sleep ?? sleepFor;
    const firstRetry = this.#options.retryMs ?? 1000;
    const maxRetry = this.#options.maxRetryMs ?? 15_000;
    let retry = firstRetry;
    let connectedBefore = false;
    while (!this.#stop.signal.aborted) {
      const parser = new EventStreamParser();
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
        if (this.#lastEventId) headers['Last-Event-ID'] = this.#lastEventId;
        const response = await doFetch(url, { headers, signal: this.#stop.signal, cache: 'no-store', credentials: 'same-origin' });
        if (response.status === 401 || response.status === 403) {
          this.#options.onUnauthorized?.();
          return;
        }
        if (response.ok && response.body) {
          if (connectedBefore) onResync();
          connectedBefore = true;
          if (await this.#read(response.body, parser)) retry = firstRetry;
        }
      } catch {
        // The network or the server went away: try again after the pause.
      }
      if (this.#stop.signal.aborted) return;
      this.#wake = new AbortController();
      const pause = Math.max(parser.retryMs ?? 0, retry);
      await sleep(pause, AbortSignal.any([this.#stop.signal, this.#wake.signal]));
      retry = Math.min(retry * 2, maxRetry);
    }
  }

  /** Reads one connection until it ends; answers whether the server said it was ready. */
  async #read(body: ReadableStream<Uint8Array>, parser: EventStreamParser): Promise<boolean> {
    const now = this.#options.now ?? Date.now;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let ready = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return ready;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (event.lastEventId) this.#lastEventId = event.lastEventId;
          if (event.type === 'ready') {
            ready = true;
            // The first connection starts from the newest change there is; later ones from what they saw.
            if (!this.#lastEventId) this.#lastEventId = readyEventId(event.data);
          }
          else if (event.type === 'reset') this.#options.onResync();
          else if (event.type === 'change') {
            const change = parseRecordChange(event.data, now());
            if (change) this.#options.onChange(change);
          }
        }
      }
    } finally {
      reader.releaseLock();
    }
  }
}
