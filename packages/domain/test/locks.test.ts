import { describe, expect, it } from 'vitest';
import { isContainerLocked, isLineItemLocked, isYes, lockReason } from '../src/locks.ts';

describe('lock rules (spec 2 §4)', () => {
  it.each([
    ['Yes', true],
    ['YES', true],
    [' yes ', true],
    [true, true],
    ['No', false],
    ['', false],
    [false, false],
    [null, false],
    [undefined, false],
  ])('isYes(%j) → %s', (flag, expected) => expect(isYes(flag)).toBe(expected));

  it.each([
    [{ locked: 'No', jobLocked: 'No' }, false],
    [{ locked: 'Yes', jobLocked: 'No' }, true],
    [{ locked: 'No', jobLocked: 'Yes' }, true],
  ])('container %j locked → %s', (c, expected) => expect(isContainerLocked(c)).toBe(expected));

  it.each([
    [{ locked: false, containerLocked: false, jobLocked: false }, false],
    [{ locked: true, containerLocked: false, jobLocked: false }, true],
    [{ locked: false, containerLocked: true, jobLocked: false }, true],
    [{ locked: false, containerLocked: false, jobLocked: true }, true],
  ])('line item %j locked → %s', (i, expected) => expect(isLineItemLocked(i)).toBe(expected));

  it('names the outermost lock first', () => {
    expect(lockReason({ own: true, container: true, job: true })).toBe('job');
    expect(lockReason({ own: true, container: true })).toBe('container');
    expect(lockReason({ own: 'Yes' })).toBe('own');
    expect(lockReason({ own: false, container: false, job: false })).toBeUndefined();
  });
});
