import { describe, expect, it, vi } from 'vitest';
import { EventStreamParser } from '../src/lib/live-events/event-stream-parser.ts';
import { LiveEvents, parseRecordChange, type RecordChange } from '../src/lib/live-events/live-events.ts';
import { changeToReport, RecordChanges } from '../src/lib/live-events/record-changes.ts';

const change = (id: string, recordId: string, user = 'clerk', entity: RecordChange['entity'] = 'container') =>
  `id: ${id}\nevent: change\ndata: ${JSON.stringify({ id, entity, recordId, action: 'lock', user, at: '2026-11-25T10:00:00.000Z' })}\n\n`;

describe('EventStreamParser', () => {
  it('dispatches an event at a blank line, with its type, data lines and id', () => {
    const parser = new EventStreamParser();
    expect(parser.push('retry: 3000\n: a comment\nevent: change\nid: 7\ndata: one\ndata: two\n\n')).toEqual([
      { type: 'change', data: 'one\ntwo', lastEventId: '7' },
    ]);
    expect(parser.retryMs).toBe(3000);
    expect(parser.lastEventId).toBe('7');
  });

  it('takes lines split across chunks, and CR, LF and CRLF endings (a CRLF split between chunks too)', () => {
    const parser = new EventStreamParser();
    expect(parser.push('da')).toEqual([]);
    expect(parser.push('ta: a\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ type: 'message', data: 'a', lastEventId: '' }]);
    expect(parser.push('data: b\r\rdata: c\n\n')).toEqual([
      { type: 'message', data: 'b', lastEventId: '' },
      { type: 'message', data: 'c', lastEventId: '' },
    ]);
  });

  it('keeps the last id for later events, ignores an id with NUL, a non-numeric retry and events without data', () => {
    const parser = new EventStreamParser();
    expect(parser.push('id: 5\n\nevent: ready\n\nid: 6\0x\nretry: 1e3\ndata: x\n\n')).toEqual([{ type: 'message', data: 'x', lastEventId: '5' }]);
    expect(parser.retryMs).toBeUndefined();
  });
});

describe('parseRecordChange', () => {
  it('reads a change event and refuses what is not one', () => {
    const data = JSON.stringify({ id: '9', entity: 'line-item', recordId: '12', action: 'edit', user: 'admin', at: 'now' });
    expect(parseRecordChange(data, 100)).toEqual({ id: '9', entity: 'line-item', recordId: '12', action: 'edit', user: 'admin', at: 'now', receivedAt: 100 });
    expect(parseRecordChange('{"id":"9","entity":"session"}', 1)).toBeUndefined();
    expect(parseRecordChange('not json', 1)).toBeUndefined();
  });
});

/** A fetch whose answers are streams the test writes into. */
function streamingFetch() {
  const calls: { headers: Record<string, string>; push: (text: string) => void; end: () => void; fail: () => void }[] = [];
  const responses: (() => Response)[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const next = responses.shift();
    if (next) return next();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    calls.push({
      headers: init.headers as Record<string, string>,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      fail: () => controller.error(new TypeError('network lost')),
    });
    init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch, calls, responses };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await tick();
  expect(check()).toBe(true);
}

describe('LiveEvents', () => {
  it('sends the token, delivers changes, and reconnects after a network loss with Last-Event-ID and a resync', async () => {
    const server = streamingFetch();
    const changes: RecordChange[] = [];
    const onResync = vi.fn();
    const live = new LiveEvents({
      url: '/3ds/api/events',
      token: 'tok',
      fetch: server.fetch as unknown as typeof fetch,
      onChange: (c) => changes.push(c),
      onResync,
      sleep: async () => {},
      now: () => 1000,
    });
    live.start();
    await until(() => server.calls.length === 1);
    expect(server.calls[0]!.headers).toMatchObject({ Authorization: 'Bearer tok', Accept: 'text/event-stream' });
    expect(server.calls[0]!.headers['Last-Event-ID']).toBeUndefined();
    server.calls[0]!.push('retry: 10\nevent: ready\ndata: {"lastEventId":"40"}\n\n');
    server.calls[0]!.push(change('41', '5') + change('42', '6').slice(0, 20));
    await until(() => changes.length === 1);
    expect(changes[0]).toMatchObject({ id: '41', entity: 'container', recordId: '5', user: 'clerk', receivedAt: 1000 });

    server.calls[0]!.fail();
    await until(() => server.calls.length === 2);
    expect(server.calls[1]!.headers['Last-Event-ID']).toBe('41');
    expect(onResync).toHaveBeenCalledTimes(1);
    server.calls[1]!.push('event: reset\ndata: {}\n\n');
    await until(() => onResync.mock.calls.length === 2);
    live.stop();
  });

  it('starts from the ready event\'s id when it has seen no change yet', async () => {
    const server = streamingFetch();
    const live = new LiveEvents({ url: '/e', token: 't', fetch: server.fetch as unknown as typeof fetch, onChange: () => {}, onResync: () => {}, sleep: async () => {} });
    live.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.push('event: ready\ndata: {"lastEventId":"77"}\n\n');
    await tick();
    server.calls[0]!.end();
    await until(() => server.calls.length === 2);
    expect(server.calls[1]!.headers['Last-Event-ID']).toBe('77');
    live.stop();
  });

  it('stops for good when the server refuses the token', async () => {
    const server = streamingFetch();
    server.responses.push(() => new Response('{}', { status: 401 }));
    const onUnauthorized = vi.fn();
    const live = new LiveEvents({
      url: '/e',
      token: 'dead',
      fetch: server.fetch as unknown as typeof fetch,
      onChange: () => {},
      onResync: () => {},
      onUnauthorized,
      sleep: async () => {},
    });
    live.start();
    await until(() => onUnauthorized.mock.calls.length === 1);
    await tick();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('waits longer after each failed attempt, up to the limit', async () => {
    const pauses: number[] = [];
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    let live!: LiveEvents;
    live = new LiveEvents({
      url: '/e',
      token: 't',
      fetch: fetch as unknown as typeof globalThis.fetch,
      onChange: () => {},
      onResync: () => {},
      retryMs: 100,
      maxRetryMs: 500,
      sleep: async (ms) => {
        pauses.push(ms);
        if (pauses.length === 5) live.stop();
      },
    });
    live.start();
    await until(() => pauses.length === 5);
    expect(pauses).toEqual([100, 200, 400, 500, 500]);
  });
});

describe('RecordChanges and what a form reports', () => {
  const at = (id: string, user: string, receivedAt: number): RecordChange => ({ id, entity: 'line-item', recordId: '3', action: 'edit', user, at: '', receivedAt });

  it('keeps the latest change per record, within its limit, and tells its subscribers', () => {
    const store = new RecordChanges(2);
    const heard = vi.fn();
    store.subscribe(heard);
    store.add(at('1', 'a', 1));
    store.add(at('2', 'b', 2));
    store.add({ ...at('3', 'c', 3), recordId: '4' });
    store.add({ ...at('4', 'c', 4), recordId: '5' });
    expect(store.latest('line-item', '3')).toBeUndefined();
    expect(store.latest('line-item', '5')?.id).toBe('4');
    expect(heard).toHaveBeenCalledTimes(4);
  });

  it('reports another user\'s change after the form opened, never an older one or the user\'s own save', () => {
    const form = { openedAt: 100, username: 'admin', ownSaveSince: null };
    expect(changeToReport(at('1', 'clerk', 99), form)).toBeUndefined();
    expect(changeToReport(at('2', 'clerk', 150), form)?.user).toBe('clerk');
    expect(changeToReport(at('3', 'admin', 150), form)?.user).toBe('admin');
    expect(changeToReport(at('4', 'admin', 150), { ...form, ownSaveSince: 140 })).toBeUndefined();
    expect(changeToReport(at('5', 'clerk', 150), { ...form, ownSaveSince: 140 })?.user).toBe('clerk');
  });
});
