import { describe, expect, it } from 'vitest';
import { JOB_NAME_MESSAGES, jobStatus } from '../../src/rules/jobs.ts';
import { jobNameProblems, jobNameSchema } from '../../src/contracts/jobs.ts';

describe('job name', () => {
  it.each([
    ['Spring pickup', []],
    ['  padded  ', []],
    ['x'.repeat(200), []],
    ['', [JOB_NAME_MESSAGES.required]],
    ['   ', [JOB_NAME_MESSAGES.required]],
    ['x'.repeat(201), [JOB_NAME_MESSAGES.tooLong]],
    [undefined, [JOB_NAME_MESSAGES.required]],
  ])('%j → %j', (name, problems) => expect(jobNameProblems(name)).toEqual(problems));

  it('trims what it keeps', () => expect(jobNameSchema.parse('  padded  ')).toBe('padded'));
});

describe('jobStatus: a locked job is never shown "Open"', () => {
  it.each([
    ['Open', false, 'Open'],
    ['Open', true, 'Locked'],
    ['', true, 'Locked'],
    [null, true, 'Locked'],
    [' Open ', true, 'Locked'],
    ['Destroyed', true, 'Destroyed'],
    ['Completed', true, 'Completed'],
    ['In Vault', false, 'In Vault'],
  ] as const)('%j, locked %s → %s', (status, locked, shown) => expect(jobStatus(status, locked)).toBe(shown));
});
