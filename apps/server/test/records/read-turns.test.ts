import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.ts';
import { ReadTurns, type ReadLane } from '../../src/records/read-turns.ts';

/** A read the test ends when it likes; it notes the signal it was given. */
function heldRead<T>(value: T) {
  let end!: () => void;
  let fail!: (error: Error) => void;
  let started = false;
  let signal: AbortSignal | undefined;
  const read = (given: AbortSignal | undefined) => {
    started = true;
    signal = given;
    return new Promise<T>((resolve, reject) => {
      end = () => resolve(value);
      fail = reject;
      given?.addEventListener('abort', () => reject(given.reason as Error));
    });
  };
  return {
    read,
    end: () => end(),
    fail: (e: Error) => fail(e),
    get started() {
      return started;
    },
    get signal() {
      return signal;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const ticket = (lane: ReadLane, user = 'u1', signal?: AbortSignal) => ({ lane, user, signal });

describe('ReadTurns', () => {
  it('runs at most its limit of quick reads at once; the next starts when one ends, oldest first', async () => {
    const turns = new ReadTurns(2);
    const reads = [heldRead('a'), heldRead('b'), heldRead('c'), heldRead('d')];
    const answers = reads.map((r) => turns.run(ticket('quick'), r.read));
    await settle();
    expect(reads.map((r) => r.started)).toEqual([true, true, false, false]);
    expect([turns.running, turns.waiting]).toEqual([2, 2]);

    reads[1]!.end();
    await settle();
    expect(reads.map((r) => r.started)).toEqual([true, true, true, false]);
    expect([turns.running, turns.waiting]).toEqual([2, 1]);

    reads[0]!.end();
    reads[2]!.end();
    await settle();
    reads[3]!.end();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
    expect([turns.running, turns.waiting]).toEqual([0, 0]);
  });

  it('a record (quick lane) never waits behind finds, however many there are', async () => {
    const turns = new ReadTurns(2, { findsPerUser: 2 });
    const finds = Array.from({ length: 6 }, (_, i) => heldRead(`find ${i}`));
    const found = finds.map((f, i) => turns.run(ticket('find', `u${i % 3}`), f.read));
    await settle();
    expect(turns.status().find).toMatchObject({ running: 2, waiting: 4 });

    const record = heldRead('record');
    const answer = turns.run(ticket('quick', 'someone else'), record.read);
    await settle();
    expect(record.started).toBe(true);
    record.end();
    expect(await answer).toBe('record');
    // The finds end as they start.
    for (let round = 0; round < 6; round++) {
      await settle();
      for (const f of finds) if (f.started) f.end();
    }
    expect(await Promise.all(found)).toHaveLength(6);
  });

  it('turns of the find lane go round the users: one person’s ten finds take one person’s share', async () => {
    const turns = new ReadTurns(1);
    const mine = Array.from({ length: 10 }, (_, i) => heldRead(`mine ${i}`));
    const mineAnswers = mine.map((r) => turns.run(ticket('find', 'busy person'), r.read));
    await settle();
    const theirs = heldRead('theirs');
    const theirAnswer = turns.run(ticket('find', 'colleague'), theirs.read);
    await settle();
    expect(mine[0]!.started).toBe(true);
    expect(theirs.started).toBe(false);

    mine[0]!.end();
    await settle();
    // The colleague is next, not the busy person's second find.
    expect(theirs.started).toBe(true);
    expect(mine[1]!.started).toBe(false);
    theirs.end();
    expect(await theirAnswer).toBe('theirs');
    for (const r of mine.slice(1)) {
      await settle();
      expect(r.started).toBe(true);
      r.end();
    }
    expect(await Promise.all(mineAnswers)).toHaveLength(10);
  });

  it('one user runs one find at a time while a turn is free for others', async () => {
    const turns = new ReadTurns(2);
    const [a1, a2, b1] = [heldRead('a1'), heldRead('a2'), heldRead('b1')];
    const answers = [turns.run(ticket('find', 'a'), a1.read), turns.run(ticket('find', 'a'), a2.read), turns.run(ticket('find', 'b'), b1.read)];
    await settle();
    expect([a1.started, a2.started, b1.started]).toEqual([true, false, true]);
    a1.end();
    await settle();
    expect(a2.started).toBe(true);
    a2.end();
    b1.end();
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'b1']);
  });

  it('a read whose caller goes away leaves the line at once, and its turn is not taken', async () => {
    const turns = new ReadTurns(1);
    const first = heldRead('first');
    const firstAnswer = turns.run(ticket('quick'), first.read);
    const gone = new AbortController();
    const leaving = heldRead('never');
    const left = turns.run(ticket('quick', 'u2', gone.signal), leaving.read);
    const after = heldRead('after');
    const afterAnswer = turns.run(ticket('quick', 'u3'), after.read);
    await settle();
    expect(turns.waiting).toBe(2);
    gone.abort(new Error('closed the tab'));
    await expect(left).rejects.toThrow('closed the tab');
    expect(turns.waiting).toBe(1);
    first.end();
    await settle();
    expect(leaving.started).toBe(false);
    expect(after.started).toBe(true);
    after.end();
    expect([await firstAnswer, await afterAnswer]).toEqual(['first', 'after']);
  });

  it('a running read is given a signal that aborts when its caller goes', async () => {
    const turns = new ReadTurns(1);
    const gone = new AbortController();
    const read = heldRead('x');
    const answer = turns.run(ticket('quick', 'u', gone.signal), read.read);
    await settle();
    expect(read.signal?.aborted).toBe(false);
    gone.abort(new Error('navigated away'));
    await expect(answer).rejects.toThrow('navigated away');
    expect(turns.running).toBe(0);
  });

  it('a read that runs past its limit is stopped with a message that says how to narrow it, in either lane', async () => {
    const turns = new ReadTurns(1, { runLimitMs: 30 });
    const slow = heldRead('slow');
    const answer = turns.run(ticket('find'), slow.read);
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: 'FIND_TOO_SLOW' });
    expect((error as Error).message).toMatch(/longer than 0\.0 seconds|longer than .* seconds and was stopped\. Narrow it/);
    expect(turns.running).toBe(0);
    // A quick read too: a read the plan took for cheap can still run long.
    const quick = heldRead('quick');
    await expect(turns.run(ticket('quick'), quick.read)).rejects.toMatchObject({ status: 422, code: 'FIND_TOO_SLOW' });
    expect(turns.running).toBe(0);
    // One that ends within the limit answers.
    const brief = heldRead('brief');
    const briefAnswer = turns.run(ticket('quick'), brief.read);
    brief.end();
    expect(await briefAnswer).toBe('brief');
  });

  it('a read that waits too long for its turn is answered 503 busy; too many waiting for one user is 429', async () => {
    const turns = new ReadTurns(1, { maxWaitMs: 30, waitingPerUser: 2 });
    const held = heldRead('held');
    const heldAnswer = turns.run(ticket('find', 'a'), held.read);
    const waiting = [turns.run(ticket('find', 'b'), heldRead('1').read), turns.run(ticket('find', 'b'), heldRead('2').read)];
    await settle();
    await expect(turns.run(ticket('find', 'b'), heldRead('3').read)).rejects.toMatchObject({ status: 429 });
    for (const w of waiting) await expect(w).rejects.toMatchObject({ status: 503, retryAfterSeconds: 2 });
    expect(turns.status().find.waiting).toBe(0);
    held.end();
    expect(await heldAnswer).toBe('held');
  });

  it('says it is saturated when a quick read has waited over a second', async () => {
    let now = 0;
    const turns = new ReadTurns(1, { now: () => now });
    const held = heldRead('held');
    const heldAnswer = turns.run(ticket('quick'), held.read);
    const waiting = heldRead('waiting');
    const waitingAnswer = turns.run(ticket('quick', 'u2'), waiting.read);
    await settle();
    expect(turns.saturated()).toBe(false);
    now = 1500;
    expect(turns.status().quick).toEqual({ running: 1, waiting: 1, oldestWaitMs: 1500 });
    expect(turns.saturated()).toBe(true);
    held.end();
    await settle();
    waiting.end();
    await Promise.all([heldAnswer, waitingAnswer]);
    expect(turns.saturated()).toBe(false);
  });

  it('frees the turn of a read that fails, and the failure reaches its caller', async () => {
    const turns = new ReadTurns(1);
    const failing = heldRead('x');
    const next = heldRead('y');
    const first = turns.run(ticket('quick'), failing.read);
    const second = turns.run(ticket('quick'), next.read);
    await settle();
    expect(next.started).toBe(false);
    failing.fail(new Error('the database went away'));
    await expect(first).rejects.toThrow('the database went away');
    await settle();
    expect(next.started).toBe(true);
    next.end();
    expect(await second).toBe('y');
    expect(turns.running).toBe(0);
  });

  it('frees the turn of a read that throws before it returns a promise', async () => {
    const turns = new ReadTurns(1);
    await expect(
      turns.run(ticket('quick'), () => {
        throw new Error('bad find');
      }),
    ).rejects.toThrow('bad find');
    expect(await turns.run(ticket('quick'), async () => 'after')).toBe('after');
    expect(turns.running).toBe(0);
  });

  it('refuses a limit that is not a whole number of at least one', () => {
    expect(() => new ReadTurns(0)).toThrow(RangeError);
    expect(() => new ReadTurns(1.5)).toThrow(RangeError);
    expect(() => new ReadTurns(2, { findsPerUser: 0 })).toThrow(RangeError);
  });
});
