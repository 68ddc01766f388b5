import { describe, expect, it } from 'vitest';
import { ReadTurns } from '../../src/records/read-turns.ts';

/** A read the test ends when it likes. */
function heldRead<T>(value: T) {
  let end!: () => void;
  let fail!: (error: Error) => void;
  let started = false;
  const promise = () => {
    started = true;
    return new Promise<T>((resolve, reject) => {
      end = () => resolve(value);
      fail = reject;
    });
  };
  return { read: promise, end: () => end(), fail: (e: Error) => fail(e), get started() { return started; } };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadTurns', () => {
  it('runs at most its limit of reads at once; the next starts when one ends, oldest first', async () => {
    const turns = new ReadTurns(2);
    const reads = [heldRead('a'), heldRead('b'), heldRead('c'), heldRead('d')];
    const answers = reads.map((r) => turns.run(r.read));
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

  it('frees the turn of a read that fails, and the failure reaches its caller', async () => {
    const turns = new ReadTurns(1);
    const failing = heldRead('x');
    const next = heldRead('y');
    const first = turns.run(failing.read);
    const second = turns.run(next.read);
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
    await expect(turns.run(() => { throw new Error('bad find'); })).rejects.toThrow('bad find');
    expect(await turns.run(async () => 'after')).toBe('after');
    expect(turns.running).toBe(0);
  });

  it('refuses a limit that is not a whole number of at least one', () => {
    expect(() => new ReadTurns(0)).toThrow(RangeError);
    expect(() => new ReadTurns(1.5)).toThrow(RangeError);
  });
});
