import { EventStreamReader } from '../../support/event-stream.ts';

/**
 * A client of `GET /events` that stays connected as the web does: when its stream ends it connects
 * again after a moment with `Last-Event-ID`, counting how often (and how often it was told to reset).
 */
export class EventListener {
  readonly baseUrl: string;
  readonly #token: string;
  readonly #readers: EventStreamReader[] = [];
  #stopped = false;
  #loop: Promise<void> | undefined;
  reconnects = 0;
  resets = 0;

  constructor(baseUrl: string, token: string) {
    this.baseUrl = baseUrl;
    this.#token = token;
  }

  /** Connects and resolves once the first stream is ready. */
  async start(): Promise<void> {
    const first = await this.#connect(undefined);
    this.#loop = this.#keepConnected(first);
  }

  async #connect(lastEventId: string | undefined): Promise<EventStreamReader> {
    const reader = await EventStreamReader.open(this.baseUrl, { token: this.#token, ...(lastEventId === undefined ? {} : { lastEventId }) });
    if (reader.status !== 200) throw new Error(`GET /events at ${this.baseUrl} answered ${reader.status}: ${reader.body}`);
    this.#readers.push(reader);
    await reader.waitFor('ready', (e) => e.event === 'ready', 10_000);
    return reader;
  }

  async #keepConnected(first: EventStreamReader) {
    let reader = first;
    for (;;) {
      await reader.ended;
      if (this.#stopped) return;
      this.reconnects += 1;
      this.resets += reader.events.filter((e) => e.event === 'reset').length;
      const last = reader.events.findLast((e) => e.id !== undefined)?.id ?? JSON.parse(reader.events[0]!.data).lastEventId;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (this.#stopped) return;
        try {
          reader = await this.#connect(last);
          break;
        } catch {
          // The server is busy or restarting: try again.
        }
      }
    }
  }

  /** The ids of every change event received so far, over every connection. */
  received(): Set<string> {
    const ids = new Set<string>();
    for (const reader of this.#readers) for (const event of reader.events) if (event.event === 'change' && event.id) ids.add(event.id);
    return ids;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const reader of this.#readers) reader.close();
    await this.#loop;
    this.resets += this.#readers.at(-1)?.events.filter((e) => e.event === 'reset').length ?? 0;
  }
}
