import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/catalogue/records/index.ts';
import { isContainerLocked, isLineItemLocked, isShownLocked, isYes, lockReason } from '../../src/rules/locks.ts';

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

describe('isShownLocked: lists show a record locked by itself or a parent', () => {
  it.each([
    ['line-items', { 'Locked Container Line Item': 'No', 'Container::Locked Container': 'No', 'Job::Locked Job': 'No' }, false],
    ['line-items', { 'Locked Container Line Item': 'Yes', 'Container::Locked Container': 'No', 'Job::Locked Job': 'No' }, true],
    ['line-items', { 'Locked Container Line Item': 'No', 'Container::Locked Container': 'Yes', 'Job::Locked Job': 'No' }, true],
    ['line-items', { 'Locked Container Line Item': 'No', 'Container::Locked Container': 'No', 'Job::Locked Job': 'Yes' }, true],
    ['yb-line-items', { 'Locked Container Line Item': 'No', 'Job::Locked Job': 'Yes' }, true],
    ['containers', { 'Locked Container': 'No', 'Job::Locked Job': 'Yes' }, true],
    ['yb-containers', { 'Locked Container': 'No', 'Job::Locked Job': 'No' }, false],
    ['jobs', { 'Locked Job': 'Yes' }, true],
    ['companies', { 'Locked Job': 'Yes' }, false],
  ] as const)('%s %j → %s', (entity, fieldData, locked) => expect(isShownLocked(CATALOGUE[entity], fieldData)).toBe(locked));
});
