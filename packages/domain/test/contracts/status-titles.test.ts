import { describe, expect, it } from 'vitest';
import { arcosSkippedItemSchema, HTTP_STATUS_TITLES, httpStatusTitle } from '../../src/index.ts';

describe('the one status table and the answers both sides read', () => {
  it('titles each status the API answers, and the others by their class', () => {
    expect(httpStatusTitle(409)).toBe('Conflict');
    expect(httpStatusTitle(422)).toBe('Validation Failed');
    expect(httpStatusTitle(418)).toBe('Request Failed');
    expect(httpStatusTitle(502)).toBe('Server Error');
    expect(Object.keys(HTTP_STATUS_TITLES).map(Number)).toEqual([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503]);
  });

  it('reads a line item an ARCOS report left out, and refuses one of another shape', () => {
    const item = { recordId: 7, jobId: 2, yellowBucket: false, ndc: '00406-0552-01', transaction: 'receipt', reason: 'no Form 222 number' };
    expect(arcosSkippedItemSchema.parse(item)).toEqual(item);
    expect(arcosSkippedItemSchema.safeParse({ ...item, transaction: 'sale' }).success).toBe(false);
    expect(arcosSkippedItemSchema.safeParse({ ...item, recordId: '7' }).success).toBe(false);
  });
});
