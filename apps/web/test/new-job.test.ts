import { describe, expect, it } from 'vitest';
import { jobRegistrationFind } from '../src/components/new-job/api/job-registrations.ts';

describe('New Job', () => {
  it('offers current DEA registrations: not expired before today, of the Drug Enforcement Administration', () => {
    expect(jobRegistrationFind('2026-03-03')).toEqual([
      { omit: false, criteria: { 'Expiration Date': '>=03/03/2026', 'Federal Agency': '==Drug Enforcement Administration' } },
    ]);
  });
});
