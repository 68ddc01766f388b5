import { describe, expect, it } from 'vitest';
import { parseArcosAnswer } from '../src/features/reports/api/export-arcos.ts';

const skipped = { recordId: 7, jobId: 3, yellowBucket: false, ndc: '00406-0552-01', transaction: 'receipt', reason: 'Schedule 2 receipt without its DEA Form 222 number' };
const answer = (fieldData: Record<string, unknown>) => ({ data: [{ fieldData }], scriptResult: '{"succeeded":true}' });

describe('the ARCOS answer', () => {
  it('reads the file link, name, record count and the items left out', () => {
    const parsed = parseArcosAnswer(answer({ Container: 'files/abc?sig=1', FileName: 'arcos-20260701-20260930.txt', Records: 12, Skipped: [skipped] }));
    expect(parsed).toEqual({ link: 'files/abc?sig=1', fileName: 'arcos-20260701-20260930.txt', records: 12, skipped: [skipped] });
  });

  it.each([
    ['no file link', { FileName: 'a.txt', Records: 1, Skipped: [] }],
    ['no skipped list', { Container: 'files/x', FileName: 'a.txt', Records: 1 }],
    ['a skipped item without its reason', { Container: 'files/x', FileName: 'a.txt', Records: 1, Skipped: [{ ...skipped, reason: undefined }] }],
    ['an unknown transaction', { Container: 'files/x', FileName: 'a.txt', Records: 1, Skipped: [{ ...skipped, transaction: 'theft' }] }],
  ])('refuses an answer with %s', (_what, fieldData) => expect(() => parseArcosAnswer(answer(fieldData))).toThrow());
});
