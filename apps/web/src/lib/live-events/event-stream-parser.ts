/**
 * Reads a `text/event-stream` as the HTML standard's "interpreting an event stream" does, fed in
 * chunks as they arrive (a line or an event may be split across chunks). Lines end with LF, CR or
 * CRLF; a blank line dispatches the event; `:` starts a comment; `id` with a NUL is ignored;
 * `retry` takes digits only. Plain TypeScript, so it is unit-tested without a browser.
 */
export interface StreamEvent {
  /** `event:` (default "message"). */
  type: string;
  data: string;
  /** The last event id seen so far (it carries over to later events, as the standard says). */
  lastEventId: string;
}

export class EventStreamParser {
  #buffer = '';
  #type = '';
  #data: string[] = [];
  #hasData = false;
  #lastEventId = '';
  #retryMs: number | undefined;
  #skipLeadingLf = false;

  /** The id to send back as `Last-Event-ID` when reconnecting. */
  get lastEventId(): string {
    return this.#lastEventId;
  }

  /** The server's `retry:` advice, in milliseconds. */
  get retryMs(): number | undefined {
    return this.#retryMs;
  }

  /** Takes the next piece of the stream; answers the events it completed. */
  push(chunk: string): StreamEvent[] {
    const events: StreamEvent[] = [];
    let text = this.#buffer + chunk;
    if (this.#skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
    this.#skipLeadingLf = false;
    let start = 0;
    for (let index = 0; index < text.length; index++) {
      const char = text[index];
      if (char !== '\n' && char !== '\r') continue;
      const line = text.slice(start, index);
      if (char === '\r') {
        if (index + 1 === text.length) this.#skipLeadingLf = true;
        else if (text[index + 1] === '\n') index++;
      }
      start = index + 1;
      const event = this.#line(line);
      if (event) events.push(event);
    }
    this.#buffer = text.slice(start);
    return events;
  }

  #line(line: string): StreamEvent | undefined {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#type = value;
        break;
      case 'data':
        this.#data.push(value);
        this.#hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.#retryMs = Number(value);
        break;
    }
    return undefined;
  }

  #dispatch(): StreamEvent | undefined {
    const event = this.#hasData ? { type: this.#type || 'message', data: this.#data.join('\n'), lastEventId: this.#lastEventId } : undefined;
    this.#type = '';
    this.#data = [];
    this.#hasData = false;
    return event;
  }
}
