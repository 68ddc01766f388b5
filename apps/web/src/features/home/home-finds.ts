import { onHandLineItemsFind, type EntityName } from '@3ds/domain';
import { routePath } from '../../config/paths.ts';
import { recordText, type ListRecord } from '../../lib/records/record-shapes.ts';
import type { FindRequest, SortSpec } from '../../lib/records/list-state.ts';

/**
 * The home screen's finds: each card shows the first records of a list's own find, and links to
 * that list with the same find and sort in its address — so that the card's count and the list it
 * opens agree, and the list can be narrowed, exported or saved from there. Pure, so unit-tested.
 */
export interface HomeFind {
  entity: EntityName;
  find: FindRequest[];
  sort: SortSpec[];
}

const newestFirst: SortSpec[] = [{ fieldName: 'Date Modified', sortOrder: 'descend' }];

/** Jobs the user made or last changed that are not locked: the work still theirs to finish. */
export function myOpenJobs(username: string): HomeFind {
  return {
    entity: 'jobs',
    find: [
      { omit: false, criteria: { 'Created By': `==${username}`, 'Locked Job': 'No' } },
      { omit: false, criteria: { 'Modified By': `==${username}`, 'Locked Job': 'No' } },
    ],
    sort: newestFirst,
  };
}

/** Containers the user made or last changed that are open: neither they nor their job locked. */
export function myOpenContainers(username: string): HomeFind {
  const open = { 'Locked Container': 'No', 'Job::Locked Job': 'No' };
  return {
    entity: 'containers',
    find: [
      { omit: false, criteria: { 'Created By': `==${username}`, ...open } },
      { omit: false, criteria: { 'Modified By': `==${username}`, ...open } },
    ],
    sort: newestFirst,
  };
}

/** Losses whose written notice or Form 106 is still to do, the soonest notice first (rules/losses.ts). */
export const LOSSES_TO_REPORT: HomeFind = {
  entity: 'losses',
  find: [
    { omit: false, criteria: { 'Notice Sent': '=' } },
    { omit: false, criteria: { 'Form 106 Filed': '=' } },
  ],
  sort: [{ fieldName: 'Notice Due', sortOrder: 'ascend' }],
};

/** The most recently changed records of a list (by anyone). */
export function recentlyChanged(entity: EntityName): HomeFind {
  return { entity, find: [], sort: newestFirst };
}

/** The list screen showing a find: its route with the find and sort in the address. */
export function listLink(find: HomeFind): string {
  // Every list's route is named as its entity.
  return routePath(find.entity, {}, {
    ...(find.find.length > 0 ? { find: JSON.stringify(find.find) } : {}),
    ...(find.sort.length > 0 ? { sort: JSON.stringify(find.sort) } : {}),
  });
}

/** The line items on hand of one schedule, standard or Yellow Bucket, in their list. */
export function onHandLink(schedule: string, entity: 'line-items' | 'yb-line-items'): string {
  return listLink({ entity, find: onHandLineItemsFind(schedule), sort: [{ fieldName: 'Job::Date Transfer', sortOrder: 'ascend' }] });
}

/** One recently changed record, whatever its list. */
export interface RecentChange {
  entity: 'jobs' | 'containers' | 'line-items';
  id: string;
  /** "Job 12", "Container 48", "Line Item 5008". */
  title: string;
  /** What it is: the job's or container's name, the line item's NDC and description. */
  description: string;
  modifiedBy: string;
  /** MM/DD/YYYY HH:MM:SS, as the API answers timestamps. */
  modifiedAt: string;
  route: 'job-view' | 'container-view' | 'line-item-view';
}

/** `MM/DD/YYYY HH:MM:SS` → `YYYYMMDDHHMMSS`, which sorts as time does. */
export function timestampKey(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!match) return '';
  const [, month, day, year, hour = '00', minute = '00', second = '00'] = match;
  return `${year}${month}${day}${hour}${minute}${second}`;
}

function change(entity: RecentChange['entity'], record: ListRecord): RecentChange {
  const modifiedBy = recordText(record, 'Modified By');
  const modifiedAt = recordText(record, 'Date Modified');
  switch (entity) {
    case 'jobs': {
      const id = recordText(record, '__PKJobID') || record.recordId;
      return { entity, id, title: `Job ${id}`, description: recordText(record, 'Job Name'), modifiedBy, modifiedAt, route: 'job-view' };
    }
    case 'containers': {
      const id = recordText(record, 'Container_PK_ID') || record.recordId;
      const job = recordText(record, 'Job ID');
      const description = [recordText(record, 'Container Name'), job ? `job ${job}` : ''].filter(Boolean).join(' · ');
      return { entity, id, title: `Container ${id}`, description, modifiedBy, modifiedAt, route: 'container-view' };
    }
    case 'line-items': {
      const id = recordText(record, 'id') || record.recordId;
      const description = [recordText(record, 'NDC Number'), recordText(record, 'NDC Description')].filter(Boolean).join(' · ');
      return { entity, id, title: `Line Item ${id}`, description, modifiedBy, modifiedAt, route: 'line-item-view' };
    }
  }
}

/** The newest changes of the three lists together, newest first, at most `limit`. */
export function mergeRecentChanges(lists: Partial<Record<RecentChange['entity'], readonly ListRecord[]>>, limit: number): RecentChange[] {
  const all = (Object.entries(lists) as [RecentChange['entity'], readonly ListRecord[]][]).flatMap(([entity, records]) => records.map((record) => change(entity, record)));
  return all.sort((a, b) => timestampKey(b.modifiedAt).localeCompare(timestampKey(a.modifiedAt))).slice(0, limit);
}
