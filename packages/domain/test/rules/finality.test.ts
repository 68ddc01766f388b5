import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  destroyedOn,
  finalDestructionRecordProblems,
  finalReason,
  finalRefusalMessage,
  finalTargetMessage,
  fixedDestructionRecordKeys,
  isFinal,
  lockRefusal,
  lockRefusalText,
  unlockReasonProblem,
  UNLOCK_REASON_MAX,
  type Action,
  type JobFinality,
} from '../../src/index.ts';

const OPEN: JobFinality = { dateDestroyed: null, form41: false, reported: false };
const DESTROYED: JobFinality = { ...OPEN, dateDestroyed: '2026-06-18' };
const FORM_41: JobFinality = { ...OPEN, form41: true };
const REPORTED: JobFinality = { ...OPEN, reported: true };

describe('when a job is final', () => {
  it('knows a job by its Date Destroyed alone when that is all a record carries', () => {
    expect(destroyedOn('2026-06-18')).toEqual(DESTROYED);
    expect(destroyedOn('')).toBeUndefined();
    expect(destroyedOn(null)).toBeUndefined();
    expect(isFinal(destroyedOn(undefined))).toBe(false);
  });

  it('is final once destroyed, its Form 41 generated or its line items reported, and says which first', () => {
    expect(isFinal(OPEN)).toBe(false);
    expect(isFinal(undefined)).toBe(false);
    expect(finalReason(DESTROYED)).toBe('destroyed');
    expect(finalReason(FORM_41)).toBe('form-41');
    expect(finalReason(REPORTED)).toBe('reported');
    expect(finalReason({ dateDestroyed: '2026-06-18', form41: true, reported: true })).toBe('destroyed');
    expect(finalReason({ ...FORM_41, reported: true })).toBe('form-41');
  });

  it('names the job, why it is final, what cannot be done and what to do instead', () => {
    const message = finalRefusalMessage(62, DESTROYED, 'its containers cannot be moved out of it');
    expect(message).toBe(
      'Job 62 is final: its destruction on 06/18/2026 is on record, so its containers cannot be moved out of it. What was recorded stays as recorded (21 CFR 1304.21); a mistake in it is put right by a correction on the record, never by changing or removing what was recorded.',
    );
    expect(finalTargetMessage(114, FORM_41, 'containers')).toMatch(/^Job 114 is final: its DEA Form 41 has been generated, so containers cannot be moved into it\./);
    expect(finalRefusalMessage(7, REPORTED, 'x')).toMatch(/^Job 7 is final: its line items have been reported to ARCOS, so x\./);
  });
});

describe('the permission table on a final job', () => {
  const refusedWhenFinal: Action[] = [
    'container.move',
    'container.delete',
    'container.edit',
    'yb-container.edit',
    'job.move-container-to-yb',
    'line-item.move',
    'line-item.delete',
    'line-item.edit',
    'line-item.change-ndc',
    // What the client declared and how each difference was resolved stay as the destruction found them.
    'job.declare',
    'job.resolve-discrepancy',
  ];

  it('refuses every move, delete and edit of what the job holds, locked or not, before any lock condition', () => {
    for (const action of refusedWhenFinal) {
      expect(lockRefusal(action, { final: DESTROYED }), action).toBe('final');
      expect(lockRefusal(action, { final: DESTROYED, job: true, record: true }), action).toBe('final');
      expect(lockRefusal(action, { final: OPEN }), action).toBeUndefined();
      expect(lockRefusal(action, {}), action).toBeUndefined();
    }
  });

  it('leaves what does not rewrite a record alone: adding, locking, unlocking, the documents', () => {
    const others = (Object.keys(ACTIONS) as Action[]).filter((a) => !refusedWhenFinal.includes(a));
    for (const action of others) expect(lockRefusal(action, { final: DESTROYED, record: action.endsWith('.unlock') || action.startsWith('job.form') || action === 'job.certificate' }), action).not.toBe('final');
  });

  it('words the refusal with the action’s own words', () => {
    expect(lockRefusalText('container.move', { final: DESTROYED }, { noun: 'Container', id: 292, jobId: 62 })).toMatch(
      /^Job 62 is final: its destruction on 06\/18\/2026 is on record, so its containers cannot be moved out of it\./,
    );
    expect(lockRefusalText('line-item.delete', { final: REPORTED }, { noun: 'Line item', id: 1455, jobId: 48 })).toMatch(
      /^Job 48 is final: its line items have been reported to ARCOS, so its line items cannot be deleted\./,
    );
  });
});

describe("a final job's destruction record", () => {
  it('keeps every field once its Form 41 was made, the dates ARCOS carries once reported, and nothing else', () => {
    expect(fixedDestructionRecordKeys(OPEN).size).toBe(0);
    expect(fixedDestructionRecordKeys(DESTROYED).size).toBe(0);
    expect([...fixedDestructionRecordKeys(FORM_41)]).toHaveLength(11);
    expect([...fixedDestructionRecordKeys(REPORTED)]).toEqual(['dateReceived']);
    expect([...fixedDestructionRecordKeys({ ...REPORTED, dateDestroyed: '2026-06-18' })].sort()).toEqual(['dateDestroyed', 'dateReceived']);
  });

  it('refuses to empty a recorded Date Destroyed, and lets the rest be completed', () => {
    expect(finalDestructionRecordProblems(62, DESTROYED, { dateDestroyed: null })).toEqual([
      expect.stringMatching(/^Job 62 is final: its destruction on 06\/18\/2026 is on record, so its Date Destroyed cannot be emptied: what it destroyed would show as on hand again\./),
    ]);
    expect(finalDestructionRecordProblems(62, DESTROYED, { dateDestroyed: '2026-06-17', destructionWitness1: 'Dana Whitfield' })).toEqual([]);
    expect(finalDestructionRecordProblems(62, OPEN, { dateDestroyed: null })).toEqual([]);
  });

  it('names each field a document or report carries', () => {
    const problems = finalDestructionRecordProblems(9, FORM_41, { disposalMethod: 'Incineration', destructionWitness2: 'Lee Park' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/its Disposal Method cannot be changed/);
    expect(problems[1]).toMatch(/its Destruction Witness 2 cannot be changed/);
    expect(finalDestructionRecordProblems(9, REPORTED, { dateReceived: '2026-05-21' })[0]).toMatch(/reported to ARCOS, so its Date Received cannot be changed/);
  });
});

describe('the reason for an unlock', () => {
  it('is one line of printable text, not empty, not too long', () => {
    expect(unlockReasonProblem('A pallet number to correct')).toBeUndefined();
    expect(unlockReasonProblem(undefined)).toMatch(/^Say why the job is unlocked/);
    expect(unlockReasonProblem('   ')).toMatch(/^Say why/);
    expect(unlockReasonProblem(42)).toMatch(/^Say why/);
    expect(unlockReasonProblem('x'.repeat(UNLOCK_REASON_MAX + 1))).toMatch(/at most 500 characters/);
    expect(unlockReasonProblem('two\nlines')).toMatch(/one line/);
  });
});
