import { describe, expect, it } from 'vitest';
import { JOB_NAME_MESSAGES, jobNameProblems, jobNameSchema } from '../src/jobs.ts';

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
