import { describe, expect, it } from 'vitest';
import { correctionsFrom, correctionsKeys } from '../src/components/corrections/api/corrections.ts';
import { UnexpectedAnswerError } from '../src/lib/answer-shape.ts';

const answer = (fieldData: Record<string, unknown>) => ({
  data: [
    {
      recordId: '4',
      fieldData: {
        'Job ID': '62',
        'Line Item ID': '1455',
        'Yellow Bucket': false,
        Field: 'Pack Quantity',
        'Old Value': '2',
        'New Value': '3',
        Reason: 'Recount',
        'Requested By': 'clerk',
        'Requested At': '2026-11-29T10:00:00.000Z',
        Status: 'pending',
        'Status Text': 'Waiting for approval',
        'Decided By': '',
        'Decided At': '',
        'Decision Note': '',
        ...fieldData,
      },
    },
  ],
});

describe('the corrections of a record', () => {
  it('reads the API answer into what the Corrections card shows', () => {
    expect(correctionsFrom(answer({}))).toEqual([
      {
        id: '4',
        jobId: '62',
        lineItemId: '1455',
        yellowBucket: false,
        field: 'Pack Quantity',
        oldValue: '2',
        newValue: '3',
        reason: 'Recount',
        requestedBy: 'clerk',
        requestedAt: '2026-11-29T10:00:00.000Z',
        status: 'pending',
        statusText: 'Waiting for approval',
        decidedBy: '',
        decidedAt: '',
        decisionNote: '',
      },
    ]);
    expect(correctionsFrom(answer({ 'Yellow Bucket': true, Status: 'applied' }))[0]).toMatchObject({ yellowBucket: true, status: 'applied' });
  });

  it('refuses an answer of another shape rather than showing a wrong status', () => {
    expect(() => correctionsFrom({})).toThrow(UnexpectedAnswerError);
    expect(() => correctionsFrom(answer({ Status: 'approved' }))).toThrow(UnexpectedAnswerError);
  });

  it("keys a job's corrections and a line item's apart, under the records' keys (a records change reads them again)", () => {
    expect(correctionsKeys.of({ jobId: '62' })).toEqual(['records', 'corrections', 'job-62']);
    expect(correctionsKeys.of({ lineItemId: '62', yellowBucket: false })).toEqual(['records', 'corrections', 'line-item-62']);
    expect(correctionsKeys.all).toEqual(['records', 'corrections']);
  });
});
