import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/rules/dates.ts';
import {
  diffAuditValues,
  fieldDescriber,
  formatHistoryValue,
  historyQuerySchema,
  toHistoryEntry,
  type AuditRow,
  type HistorySubject,
} from '../../src/contracts/history.ts';

const row = (over: Partial<AuditRow>): AuditRow => ({
  id: 1,
  at: '2026-03-04T05:06:07.000Z',
  username: 'admin',
  action: 'edit',
  entity: 'container',
  recordId: '12',
  before: null,
  after: null,
  ...over,
});
const container: HistorySubject = { record: 'container', id: '12' };

describe('diffAuditValues', () => {
  it('lists changed keys only, equal values skipped', () => {
    expect(diffAuditValues({ a: 1, b: 'x', c: true }, { a: 2, b: 'x', c: true })).toEqual([{ field: 'a', before: '1', after: '2' }]);
    expect(diffAuditValues({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('shows added and removed keys against an empty side', () => {
    expect(diffAuditValues({ gone: 'old' }, { fresh: 5 })).toEqual([
      { field: 'gone', before: 'old', after: null },
      { field: 'fresh', before: null, after: '5' },
    ]);
    expect(diffAuditValues(null, { a: 'x' })).toEqual([{ field: 'a', before: null, after: 'x' }]);
    expect(diffAuditValues({ a: 'x' }, undefined)).toEqual([{ field: 'a', before: 'x', after: null }]);
  });

  it('treats empty text, null and a missing key as the same empty value', () => {
    expect(diffAuditValues({ a: '', b: null }, { a: null })).toEqual([]);
  });

  it('compares nested objects key by key and labels them "Outer › Inner"', () => {
    const changes = diffAuditValues({ slot: { name: 'a', size: 1 }, same: { x: 1 } }, { slot: { name: 'b', size: 1 }, same: { x: 1 } });
    expect(changes).toEqual([{ field: 'slot › name', before: 'a', after: 'b' }]);
    expect(diffAuditValues({ outer: null }, { outer: { inner: 3 } })).toEqual([{ field: 'outer › inner', before: null, after: '3' }]);
  });

  it('compares lists whole', () => {
    expect(diffAuditValues({ ids: [1, 2] }, { ids: [1, 2] })).toEqual([]);
    expect(diffAuditValues({ ids: [1, 2] }, { ids: [2, 1] })).toEqual([{ field: 'ids', before: '1, 2', after: '2, 1' }]);
  });

  it('treats two spellings of the same instant as equal, and a Date as its instant', () => {
    expect(diffAuditValues({ at: '2026-01-02T03:04:05Z' }, { at: '2026-01-02T03:04:05.000Z' })).toEqual([]);
    expect(diffAuditValues({ at: new Date('2026-01-02T03:04:05Z') }, { at: '2026-01-02T03:04:05.000Z' })).toEqual([]);
    const changed = diffAuditValues({ at: '2026-01-02T03:04:05Z' }, { at: new Date('2026-01-02T03:04:06Z') });
    expect(changed).toEqual([
      { field: 'at', before: formatTimestamp(new Date('2026-01-02T03:04:05Z')), after: formatTimestamp(new Date('2026-01-02T03:04:06Z')) },
    ]);
  });

  it('shows dates as MM/DD/YYYY', () => {
    expect(diffAuditValues({ date_transfer: null }, { date_transfer: '2026-11-21' }, fieldDescriber('job'))).toEqual([
      { field: 'Transferred', before: null, after: '11/21/2026' },
    ]);
  });

  it('labels columns as the screens do and leaves bookkeeping out', () => {
    const before = { id: 12, net_weight: 10, gross_weight: 11, mod_id: 3, modified_at: '2026-01-01T00:00:00Z', job_locked: false, registration_number: 'BA1' };
    const after = { id: 12, net_weight: 12.5, gross_weight: 13.5, mod_id: 4, modified_at: '2026-01-02T00:00:00Z' };
    expect(diffAuditValues(before, after, fieldDescriber('container'))).toEqual([
      { field: 'Net Weight', before: '10', after: '12.5' },
      { field: 'Gross Weight', before: '11', after: '13.5' },
    ]);
  });

  it('every audited column has a catalogue field behind it', () => {
    const fields = fieldDescriber('line-item');
    for (const column of ['container_id', 'ndc', 'lot_number', 'pack_quantity', 'percent_fill', 'form_222_number', 'bulk_pack_size', 'grams_of_base']) {
      expect(fields.display(column), column).toBeDefined();
    }
    expect(fields.display('lot_number')?.label).toBe('Lot Number');
    expect(fields.display('pack_quantity')?.label).toBe('Pack Qty');
    expect(fieldDescriber('job').display('name')?.label).toBe('Name');
    expect(fieldDescriber('job').display('date_destroyed')).toEqual({ label: 'Destroyed', type: 'date' });
  });

  it('shows yes/no fields as Yes/No and percents as 0.00%, unknown keys as themselves', () => {
    const fields = fieldDescriber('line-item');
    expect(diffAuditValues({ locked: false, percent_fill: 1, mystery: 'a' }, { locked: true, percent_fill: 0.5, mystery: 'b' }, fields)).toEqual([
      { field: '% Fill', before: '100.00%', after: '50.00%' },
      { field: 'Locked', before: 'No', after: 'Yes' },
      { field: 'mystery', before: 'a', after: 'b' },
    ]);
  });

  it("lists changes in the record's field order, whatever order the stored row's keys come in", () => {
    // As jsonb gives a line item back: keys shortest first, so derived figures before the edited one.
    const before = { zz_unknown: 1, grams_of_base: 3, pack_quantity: 2, reporting_qty: 200, a_unknown: 1 };
    const after = { zz_unknown: 2, grams_of_base: 7.5, pack_quantity: 5, reporting_qty: 500, a_unknown: 2 };
    expect(diffAuditValues(before, after, fieldDescriber('line-item')).map((c) => c.field)).toEqual([
      'Pack Qty',
      'Reporting Qty',
      'Grams of Base',
      // Keys the record does not know come last, in the order they came.
      'zz_unknown',
      'a_unknown',
    ]);
    // Without a record's fields, keys keep the order they came in.
    expect(diffAuditValues({ b: 1, a: 1 }, { b: 2, a: 2 }).map((c) => c.field)).toEqual(['b', 'a']);
  });
});

describe('formatHistoryValue', () => {
  it.each([
    [null, undefined, null],
    ['', undefined, null],
    [true, undefined, 'Yes'],
    [false, undefined, 'No'],
    [12.5, undefined, '12.5'],
    ['2026-11-21', undefined, '11/21/2026'],
    ['2026-11-21T10:00:00Z', 'date', '11/21/2026'],
    [0.25, 'percent', '25.00%'],
    ['t', 'yesno', 'Yes'],
    [[1, 2], undefined, '1, 2'],
    [[], undefined, null],
    [{ a: 1 }, undefined, '{"a":1}'],
  ] as const)('%j (%s) → %j', (value, type, expected) => expect(formatHistoryValue(value, type)).toBe(expected));
});

describe('toHistoryEntry', () => {
  it('an edit: who, when (ISO), the words and the changes', () => {
    const entry = toHistoryEntry(container, row({ id: 7, before: { net_weight: 10, pallet: 'P1' }, after: { net_weight: 12.5, pallet: 'P1' } }));
    expect(entry).toEqual({
      id: '7',
      at: '2026-03-04T05:06:07.000Z',
      username: 'admin',
      action: 'edit',
      entity: 'container',
      recordId: '12',
      own: true,
      summary: 'Edited',
      changes: [{ field: 'Net Weight', before: '10', after: '12.5' }],
    });
  });

  it('a create lists what the record started with, not its bookkeeping or an unchosen "No"', () => {
    const entry = toHistoryEntry(container, row({ action: 'create', after: { id: 12, kind: 'standard', job_id: 4, name: 'Tote', pallet: null, locked: false, created_by: 'admin' } }));
    expect(entry.summary).toBe('Created');
    expect(entry.changes).toEqual([
      { field: 'Job ID', before: null, after: '4' },
      { field: 'Name', before: null, after: 'Tote' },
    ]);
  });

  it('lock and unlock of a container name the line items that went with it', () => {
    const lock = toHistoryEntry(container, row({ action: 'lock', before: { locked: false }, after: { locked: true, lineItemsChanged: [1, 2] } }));
    expect(lock.summary).toBe('Locked with 2 line items');
    expect(lock.changes).toEqual([{ field: 'Locked', before: 'No', after: 'Yes' }]);
    expect(toHistoryEntry(container, row({ action: 'unlock', before: { locked: true }, after: { locked: false, lineItemsChanged: [] } })).summary).toBe('Unlocked');
  });

  it('moves say where to', () => {
    const moved = toHistoryEntry(container, row({ action: 'move', before: { job_id: 3 }, after: { job_id: 7, lineItems: [1] } }));
    expect(moved.summary).toBe('Moved to job 7');
    expect(moved.changes).toEqual([{ field: 'Job ID', before: '3', after: '7' }]);
    const item = toHistoryEntry({ record: 'line-item', id: '5' }, row({ entity: 'line-item', recordId: '5', action: 'move', before: { container_id: 1 }, after: { container_id: 12 } }));
    expect(item.summary).toBe('Moved to container 12');
    expect(item.changes).toEqual([{ field: 'Container ID', before: '1', after: '12' }]);
  });

  it('a delete summarises what went', () => {
    const deleted = toHistoryEntry(container, row({ action: 'delete', before: { container: { id: 12, kind: 'standard' }, lineItems: Array.from({ length: 12 }, (_, i) => ({ id: i })) } }));
    expect(deleted.summary).toBe('Deleted with 12 line items');
    expect(deleted.changes).toEqual([]);
    expect(toHistoryEntry(container, row({ action: 'delete', before: { container: { id: 12 }, lineItems: [{ id: 1 }] } })).summary).toBe('Deleted with 1 line item');
    expect(toHistoryEntry(container, row({ action: 'delete', before: { container: { id: 12 }, lineItems: [] } })).summary).toBe('Deleted');
    const item = toHistoryEntry({ record: 'line-item', id: '5' }, row({ entity: 'line-item', recordId: '5', action: 'delete', before: { id: 5, ndc: '00406-0552-01' } }));
    expect(item.summary).toBe('Deleted (NDC 00406-0552-01)');
  });

  it('a job: rename, files, Job Ready and reports in words', () => {
    const job: HistorySubject = { record: 'job', id: '4' };
    const jobRow = (over: Partial<AuditRow>) => row({ entity: 'job', recordId: '4', ...over });
    const rename = toHistoryEntry(job, jobRow({ action: 'rename', before: { name: 'Old' }, after: { name: 'New' } }));
    expect(rename).toMatchObject({ own: true, summary: 'Renamed', changes: [{ field: 'Name', before: 'Old', after: 'New' }] });
    const record = toHistoryEntry(
      job,
      jobRow({
        action: 'edit-destruction-record',
        before: { date_received: null, destruction_facility: null },
        after: { date_received: '2026-03-02', destruction_facility: 'Clearfork Thermal Destruction Facility' },
      }),
    );
    expect(record.summary).toBe('Edited the destruction record');
    expect(record.changes).toEqual([
      { field: 'Received', before: null, after: '03/02/2026' },
      { field: 'Destruction Facility', before: null, after: 'Clearfork Thermal Destruction Facility' },
    ]);
    const late = toHistoryEntry(job, jobRow({ action: 'edit-destruction-record', before: { late_destruction_reason: null }, after: { late_destruction_reason: 'Incinerator down' } }));
    expect(late.changes).toEqual([{ field: 'Late Reason', before: null, after: 'Incinerator down' }]);
    expect(toHistoryEntry(job, jobRow({ action: 'upload-file', after: { slot: 'P3', original_name: 'front.png' } })).summary).toBe('Added picture P3 (front.png)');
    expect(toHistoryEntry(job, jobRow({ action: 'upload-file', after: { slot: 'CWF Files', original_name: 'a.pdf' } })).summary).toBe('Attached CWF Files (a.pdf)');
    expect(toHistoryEntry(job, jobRow({ action: 'upload-file', before: { slot: 'CWF Files' }, after: { slot: 'CWF Files', original_name: 'b.pdf' } })).summary).toBe('Replaced CWF Files (b.pdf)');
    expect(toHistoryEntry(job, jobRow({ action: 'generate-document', after: { document: 'DEA Form 41', draft: false, slot: '41 Insert' } })).summary).toBe('Generated the DEA Form 41');
    expect(toHistoryEntry(job, jobRow({ action: 'generate-document', after: { document: 'DEA Form 41', draft: true } })).summary).toBe('Generated the DEA Form 41 draft');
    expect(toHistoryEntry(job, jobRow({ action: 'generate-document', after: { document: 'Certificate of Destruction', draft: false } })).summary).toBe('Generated the Certificate of Destruction');
    expect(toHistoryEntry(job, jobRow({ action: 'job-ready', after: { notification: 1 } })).summary).toBe('Sent the Job Ready notification');
    expect(toHistoryEntry(job, jobRow({ action: 'report', after: { reportType: 'perNdc', lines: 3 } })).summary).toBe('Ran the Per NDC report (3 lines)');
    const two = [{ ndc: '00591-0385-01' }, { description: 'Tablets' }];
    expect(toHistoryEntry(job, jobRow({ action: 'declare', after: { source: 'typed', items: two } })).summary).toBe('Typed the declared inventory: 2 items');
    const read = toHistoryEntry(job, jobRow({ action: 'declare', before: { source: 'typed', items: two }, after: { source: 'list.xlsx', items: [two[0]] } }));
    expect(read.summary).toBe('Read the declared inventory from list.xlsx: 1 item (was 2 items)');
    expect(read.changes).toEqual([]);
    expect(toHistoryEntry(job, jobRow({ action: 'declare', before: { source: 'typed', items: two }, after: null })).summary).toBe('Removed the declared inventory (2 items)');
    expect(
      toHistoryEntry(job, jobRow({ action: 'resolve-discrepancy', after: { key: 'ndc:00591-0385-01:*', name: 'DIAZEPAM 5 MG', declared: 3, received: 2, reasonText: 'Lost in transit', note: 'Carrier claim 77' } })).summary,
    ).toBe('Resolved DIAZEPAM 5 MG (declared 3, received 2): Lost in transit — Carrier claim 77');
    expect(toHistoryEntry(job, jobRow({ action: 'something-new' })).summary).toBe('Something new');
  });

  it("a job's containers appear as related entries", () => {
    const job: HistorySubject = { record: 'job', id: '4' };
    const added = toHistoryEntry(job, row({ action: 'create', recordId: '12', after: { id: 12, kind: 'yellow_bucket', job_id: 4 } }));
    expect(added).toMatchObject({ own: false, entity: 'container', recordId: '12', summary: 'Added Yellow Bucket container 12', changes: [] });
    expect(toHistoryEntry(job, row({ action: 'move', before: { job_id: 3 }, after: { job_id: 4 } })).summary).toBe('Container 12 moved in from job 3');
    expect(toHistoryEntry(job, row({ action: 'move', before: { job_id: 4 }, after: { job_id: 9 } })).summary).toBe('Container 12 moved to job 9');
    expect(toHistoryEntry(job, row({ action: 'delete', before: { container: { kind: 'standard' }, lineItems: [{ id: 1 }, { id: 2 }] } })).summary).toBe('Deleted container 12 with 2 line items');
    expect(toHistoryEntry(job, row({ action: 'move-to-yellow-bucket', after: { container: { id: 13 }, lineItemIds: [1] } })).summary).toBe(
      'Moved container 12 to Yellow Bucket container 13 with 1 line item',
    );
  });

  it("a container's changes that carried a line item appear in the line item's history", () => {
    const item: HistorySubject = { record: 'line-item', id: '5' };
    const locked = toHistoryEntry(item, row({ action: 'lock', before: { locked: false }, after: { locked: true, lineItemsChanged: [5] } }));
    expect(locked).toMatchObject({ own: false, summary: 'Locked with container 12', changes: [{ field: 'Locked', before: 'No', after: 'Yes' }] });
    expect(toHistoryEntry(item, row({ action: 'move', after: { job_id: 9 } })).summary).toBe('Moved with container 12 to job 9');
    expect(toHistoryEntry(item, row({ action: 'delete' })).summary).toBe('Deleted with container 12');
    expect(toHistoryEntry(item, row({ action: 'move-to-yellow-bucket', after: { container: { id: 13 } } })).summary).toBe(
      'Moved with container 12 into Yellow Bucket container 13',
    );
  });

  it('a Yellow Bucket container made from a standard one starts with that move', () => {
    const entry = toHistoryEntry({ record: 'container', id: '13' }, row({ action: 'move-to-yellow-bucket', after: { container: { id: 13 }, lineItemIds: [1, 2] } }));
    expect(entry).toMatchObject({ own: false, summary: 'Created from container 12, moved to the Yellow Bucket with 2 line items' });
    const own = toHistoryEntry(container, row({ action: 'move-to-yellow-bucket', after: { container: { id: 13 }, lineItemIds: [1, 2] } }));
    expect(own).toMatchObject({ own: true, summary: 'Moved to Yellow Bucket container 13 with 2 line items', changes: [] });
  });
});

describe('historyQuerySchema', () => {
  it('takes whole numbers within bounds', () => {
    expect(historyQuerySchema.parse({})).toEqual({});
    expect(historyQuerySchema.parse({ offset: '21', limit: '100' })).toEqual({ offset: 21, limit: 100 });
  });
  it.each([{ offset: '0' }, { offset: 'x' }, { limit: '0' }, { limit: '101' }, { limit: '-1' }, { offset: '1.5' }])('refuses %j', (query) => {
    expect(historyQuerySchema.safeParse(query).success).toBe(false);
  });
});
