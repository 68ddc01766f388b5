/** One event of a `text/event-stream`, as a client sees it, with when it arrived (performance.now()). */
export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: string;
  retry: number | undefined;
  receivedAt: number;
}

/**
 * Reads `GET /3ds/api/events` as the web does: fetch with the bearer token and a ReadableStream,
 * parsing the events as they come (the tests' own small parser, so that they check the bytes sent).
 */
export class EventStreamReader {
  readonly status: number;
  readonly headers: Headers;
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  /** The answer's body when it is not a stream (an error). */
  body = '';
  /** Resolves when the stream ends, however it ends (the server ended it, the connection broke). */
  readonly ended: Promise<void>;
  #endedFlag = false;
  readonly #abort: AbortController;
  readonly #waiters = new Set<() => void>();

  private constructor(response: Response, abort: AbortController) {
    this.status = response.status;
    this.headers = response.headers;
    this.#abort = abort;
    this.ended = this.#read(response).finally(() => {
      this.#endedFlag = true;
      for (const wake of this.#waiters) wake();
    });
  }

  /** `baseUrl` is the server's origin (`http://127.0.0.1:port`). */
  static async open(baseUrl: string, options: { token?: string; lastEventId?: string; query?: string } = {}): Promise<EventStreamReader> {
    const abort = new AbortController();
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
    const response = await fetch(`${baseUrl}/3ds/api/events${options.query ?? ''}`, { headers, signal: abort.signal });
    return new EventStreamReader(response, abort);
  }

  get isEnded(): boolean {
    return this.#endedFlag;
  }

  /** How many `change` events came so far (counted as they come: cheap to ask often). */
  changeCount = 0;

  /** The `change` events so far, their data parsed. */
  changes(): (Record<string, string> & { id: string })[] {
    return this.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data));
  }

  /** Waits for an event that `match` accepts (received already or to come), or fails after `timeoutMs`. */
  async waitFor(what: string, match: (event: StreamEvent) => boolean, timeoutMs = 5000): Promise<StreamEvent> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.#endedFlag) throw new Error(`The stream ended before ${what}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        const waiters = this.#waiters;
        waiters.add(done);
      });
    }
  }

  /** Whether the stream ends within `timeoutMs`. */
  async endsWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const ended = await Promise.race([this.ended.then(() => true), timeout]);
    clearTimeout(timer);
    return ended;
  }

  close(): void {
    this.#abort.abort();
  }

  async #read(response: Response) {
    if (!response.body) return;
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      this.body = await response.text().catch(() => '');
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          this.#block(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        for (const wake of this.#waiters) wake();
      }
    } catch {
      // Aborted by the test or cut by the server: ended either way.
    }
  }

  #block(block: string) {
    const event: StreamEvent = { event: 'message', id: undefined, data: '', retry: undefined, receivedAt: performance.now() };
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields++;
      if (name === 'event') event.event = value;
      else if (name === 'id') event.id = value;
      else if (name === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
      else if (name === 'retry') event.retry = Number(value);
    }
    if (!fields) return;
    this.events.push(event);
    if (event.event === 'change') this.changeCount += 1;
  }
}
