import { describe, expect, it } from 'vitest';
import { isArcosReportable, REPORT_MESSAGES, reportRequestProblems } from '../../src/rules/reports.ts';
import { reportRequestSchema } from '../../src/contracts/reports.ts';

describe('ARCOS-reportable line items', () => {
  it.each([
    ['1', false, true],
    ['1N', false, true],
    ['2', false, true],
    ['2N', false, true],
    ['3', false, true],
    ['3N', false, false],
    ['4', false, false],
    ['5', false, false],
    ['2', true, false],
    [null, false, false],
  ])('schedule %s, removed %s → %s', (schedule, removed, expected) => expect(isArcosReportable(schedule, removed)).toBe(expected));

  // 21 CFR 1304.33(c): GHB in Schedule III is reported although it is not a narcotic. The DEA list
  // gives GHB preparations (Xyrem) code 2012 in Schedule III, N; GHB itself, 2010, is Schedule I.
  it.each([
    ['3N', '2012', false, true],
    ['3N', ' 2012 ', false, true],
    ['3N', '2012', true, false],
    ['3N', '4000', false, false],
    ['1', '2010', false, true],
    ['4', null, false, false],
  ])('schedule %s, drug code %s, removed %s → %s', (schedule, drugCode, removed, expected) =>
    expect(isArcosReportable(schedule, removed, drugCode)).toBe(expected),
  );
});

describe('report request', () => {
  it('needs both registration and job id', () => {
    expect(reportRequestProblems({ registration: 'RA1234563', jobId: '12' })).toEqual([]);
    expect(reportRequestProblems({ registration: '', jobId: '12' })).toEqual([REPORT_MESSAGES.bothRequired]);
    expect(reportRequestProblems({ registration: 'RA1234563', jobId: ' ' })).toEqual([REPORT_MESSAGES.bothRequired]);
  });

  it('reads showArcos as 0/1 and trims the fields', () => {
    expect(reportRequestSchema.parse({ registration: ' RA1 ', jobId: 12, showArcos: 1, reportType: 'perNdc' })).toEqual({
      registration: 'RA1',
      jobId: '12',
      containerName: '',
      showArcos: true,
      reportType: 'perNdc',
    });
    expect(reportRequestSchema.parse({ reportType: 'excelExport', showArcos: '0' }).showArcos).toBe(false);
    expect(reportRequestSchema.safeParse({ reportType: 'other' }).success).toBe(false);
  });
});
