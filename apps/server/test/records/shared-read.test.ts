import { describe, expect, it } from 'vitest';
import { SharedRead } from '../../src/records/shared-read.ts';

/** A read that ends when the test says, and notes whether its own signal was aborted. */
function held() {
  let end!: (value: string) => void;
  let signal!: AbortSignal;
  const read = new SharedRead<string>((given) => {
    signal = given;
    return new Promise<string>((resolve, reject) => {
      end = resolve;
      given.addEventListener('abort', () => reject(given.reason as Error));
    });
  });
  return { read, end: (v: string) => end(v), aborted: () => signal?.aborted ?? false };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedRead', () => {
  it('one caller leaving does not stop the read for the others', async () => {
    const h = held();
    const a = new AbortController();
    const b = new AbortController();
    const first = h.read.join(a.signal);
    const second = h.read.join(b.signal);
    await settle();
    a.abort(new Error('tab closed'));
    await expect(first).rejects.toThrow('tab closed');
    expect(h.aborted()).toBe(false);
    h.end('answer');
    expect(await second).toBe('answer');
  });

  it('the read is aborted once every caller has left, with the last one’s reason', async () => {
    const h = held();
    const a = new AbortController();
    const b = new AbortController();
    const joined = [h.read.join(a.signal), h.read.join(b.signal)];
    await settle();
    a.abort(new Error('first gone'));
    b.abort(new Error('second gone'));
    await Promise.allSettled(joined);
    expect(h.aborted()).toBe(true);
    expect(h.read.abandoned).toBe(true);
  });

  it('a caller without a signal holds the read for good', async () => {
    const h = held();
    const a = new AbortController();
    const leaving = h.read.join(a.signal);
    const staying = h.read.join();
    await settle();
    a.abort(new Error('gone'));
    await expect(leaving).rejects.toThrow('gone');
    expect(h.aborted()).toBe(false);
    h.end('kept');
    expect(await staying).toBe('kept');
  });

  it('a caller already gone is refused at once; a read that fails fails for every caller', async () => {
    const gone = AbortSignal.abort(new Error('already gone'));
    const h = held();
    await expect(h.read.join(gone)).rejects.toThrow('already gone');
    const failing = new SharedRead<string>(async () => {
      throw new Error('bad find');
    });
    await expect(failing.join(new AbortController().signal)).rejects.toThrow('bad find');
    await expect(failing.join()).rejects.toThrow('bad find');
  });
});
