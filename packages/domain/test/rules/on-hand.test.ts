import { describe, expect, it } from 'vitest';
import { compareSchedules, onHandAnswerSchema, onHandLineItemsFind } from '../../src/index.ts';

describe('on hand by schedule', () => {
  it('orders schedules as a registration lists them, unknown ones after, none last', () => {
    const shuffled = ['', 'NC', '3N', 'X9', '2', 'LC', '1', '2N', '5', '1N', '4N'];
    expect([...shuffled].sort(compareSchedules)).toEqual(['1', '1N', '2', '2N', '3N', '4N', '5', 'LC', 'NC', 'X9', '']);
  });

  it("finds one schedule's on-hand line items: that schedule exactly, received, not destroyed", () => {
    expect(onHandLineItemsFind('2')).toEqual([{ omit: false, criteria: { 'NDC Schedule': '==2', 'Job::Date Received': '*', 'Job::Date Destroyed': '=' } }]);
    // Line items without a schedule: the field is empty.
    expect(onHandLineItemsFind('')[0]!.criteria['NDC Schedule']).toBe('=');
  });

  it('reads the answer and refuses a malformed one', () => {
    const counts = { lineItems: 1, yellowBucketLineItems: 0, containers: 1, jobs: 1, gramsOfBase: 0.5 };
    expect(onHandAnswerSchema.parse({ schedules: [{ schedule: '2', ...counts }], total: counts }).schedules).toHaveLength(1);
    expect(() => onHandAnswerSchema.parse({ schedules: [{ schedule: '2', ...counts, lineItems: -1 }], total: counts })).toThrow();
    expect(() => onHandAnswerSchema.parse({ schedules: [] })).toThrow();
  });
});
