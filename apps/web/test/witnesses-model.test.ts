import { describe, expect, it } from 'vitest';
import { attestsText, withdrawReasonProblem, witnessStateText } from '../src/features/jobs/witnesses-model.ts';

describe("the witnesses' panel", () => {
  it('says each state in words', () => {
    expect(['confirmed', 'void', 'typed', 'empty'].map((s) => witnessStateText(s as 'confirmed'))).toEqual(['Confirmed', 'Void', 'Not confirmed', 'None yet']);
  });

  it('asks for a reason to withdraw, within 500 characters', () => {
    expect(withdrawReasonProblem('  ')).toMatch(/^Say why/);
    expect(withdrawReasonProblem('x'.repeat(501))).toMatch(/at most 500/);
    expect(withdrawReasonProblem(' Wrong person ')).toBeUndefined();
  });

  it('says what each witness attests', () => {
    const values = { dateTransfer: '11/02/2026', dateReceived: '11/03/2026', dateDestroyed: '11/20/2026', disposalMethod: 'Incineration', facility: 'Clean Harbors', facilityAddress: 'La Porte, TX' };
    expect(attestsText(values)).toEqual({
      transfer: 'the transfer on 11/02/2026, received 11/03/2026',
      destruction: 'the destruction on 11/20/2026 by Incineration at Clean Harbors, La Porte, TX, of what this job lists',
    });
    expect(attestsText({ ...values, dateReceived: '', disposalMethod: '', facility: '', facilityAddress: '' })).toEqual({
      transfer: 'the transfer on 11/02/2026',
      destruction: 'the destruction on 11/20/2026, of what this job lists',
    });
  });
});
