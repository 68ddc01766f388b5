import { describe, expect, it } from 'vitest';
import { listLink, mergeRecentChanges, myOpenContainers, myOpenJobs, onHandLink, recentlyChanged, timestampKey } from '../src/features/home/home-finds.ts';
import type { ListRecord } from '../src/lib/records/record-shapes.ts';
import { parseListState } from '../src/lib/records/list-state.ts';
import { DUE_WITHIN_A_WEEK } from '../src/components/destruction-clock/days-left.ts';

const record = (recordId: string, fieldData: ListRecord['fieldData']): ListRecord => ({ recordId, modId: '0', fieldData, portalData: {} });

/** The list state a home link opens. */
const opened = (link: string) => {
  const [path, search = ''] = link.split('?');
  return { path, state: parseListState(new URLSearchParams(search)) };
};

describe('the home screen finds', () => {
  it("finds the user's open jobs: made or changed last by them, not locked, latest first", () => {
    expect(myOpenJobs('clerk')).toEqual({
      entity: 'jobs',
      find: [
        { omit: false, criteria: { 'Created By': '==clerk', 'Locked Job': 'No' } },
        { omit: false, criteria: { 'Modified By': '==clerk', 'Locked Job': 'No' } },
      ],
      sort: [{ fieldName: 'Date Modified', sortOrder: 'descend' }],
    });
  });

  it("finds the user's open containers: neither they nor their job locked", () => {
    const { find } = myOpenContainers('clerk');
    expect(find.map((request) => request.criteria)).toEqual([
      { 'Created By': '==clerk', 'Locked Container': 'No', 'Job::Locked Job': 'No' },
      { 'Modified By': '==clerk', 'Locked Container': 'No', 'Job::Locked Job': 'No' },
    ]);
  });

  it('links each card to its list with the same find and sort in the address', () => {
    const jobs = opened(listLink(myOpenJobs('admin')));
    expect(jobs.path).toBe('/jobs');
    expect(jobs.state.find).toEqual(myOpenJobs('admin').find);
    expect(jobs.state.sort).toEqual(myOpenJobs('admin').sort);
    const recent = opened(listLink(recentlyChanged('line-items')));
    expect(recent).toMatchObject({ path: '/line-items', state: { find: [], sort: [{ fieldName: 'Date Modified', sortOrder: 'descend' }] } });
    expect(opened(DUE_WITHIN_A_WEEK)).toMatchObject({ path: '/jobs', state: { find: [{ omit: false, criteria: { 'Days Left': '<=7' } }] } });
  });

  it("links a schedule's on-hand count to the line items it counts", () => {
    const standard = opened(onHandLink('2N', 'line-items'));
    expect(standard.path).toBe('/line-items');
    expect(standard.state.find).toEqual([{ omit: false, criteria: { 'NDC Schedule': '==2N', 'Job::Date Received': '*', 'Job::Date Destroyed': '=' } }]);
    expect(opened(onHandLink('', 'yb-line-items')).path).toBe('/yb-line-items');
  });
});

describe('changed last', () => {
  it('reads timestamps in the order of time', () => {
    expect(timestampKey('03/02/2026 09:05:07')).toBe('20260302090507');
    expect(timestampKey('12/31/2025')).toBe('20251231000000');
    expect(timestampKey('')).toBe('');
    expect(timestampKey('12/31/2025 23:59:59') < timestampKey('01/01/2026 00:00:00')).toBe(true);
  });

  it('merges the lists newest first, at most the limit, each with its screen', () => {
    const merged = mergeRecentChanges(
      {
        jobs: [record('7', { __PKJobID: 7, 'Job Name': 'Spring recall', 'Modified By': 'admin', 'Date Modified': '03/02/2026 09:00:00' })],
        containers: [record('48', { Container_PK_ID: 48, 'Container Name': 'Tote 1', 'Job ID': 7, 'Modified By': 'clerk', 'Date Modified': '03/02/2026 10:30:00' })],
        'line-items': [
          record('5008', { id: 5008, 'NDC Number': '00406-0552-01', 'NDC Description': 'OXYCODONE', 'Modified By': 'clerk', 'Date Modified': '03/02/2026 10:31:00' }),
          record('5001', { id: 5001, 'NDC Number': '00406-0552-01', 'Modified By': 'clerk', 'Date Modified': '12/30/2025 16:00:00' }),
        ],
      },
      3,
    );
    expect(merged.map((change) => [change.title, change.route, change.description, change.modifiedBy])).toEqual([
      ['Line Item 5008', 'line-item-view', '00406-0552-01 · OXYCODONE', 'clerk'],
      ['Container 48', 'container-view', 'Tote 1 · job 7', 'clerk'],
      ['Job 7', 'job-view', 'Spring recall', 'admin'],
    ]);
  });
});
