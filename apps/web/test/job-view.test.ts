import { describe, expect, it } from 'vitest';
import type { RecordData } from '../src/lib/records/record-shapes.ts';
import { createContainerPath, filledContainerFields } from '../src/features/jobs/api/create-container.ts';
import { jobExportBody } from '../src/features/jobs/api/export-job.ts';
import { MoveNotSucceededError, parseMoveResult } from '../src/features/jobs/api/move-container-to-yb.ts';
import {
  containerCount,
  containerRows,
  jobDocuments,
  jobPermissions,
  jobRegistrationExpiry,
  pictureTabs,
  totalLineItems,
  totalLineItemsText,
  uploadProblem,
} from '../src/features/jobs/job-record.ts';

const ALL = ['CREATE_JOB', 'CREATE_CONTAINER', 'MOVE_CONTAINER', 'LOCK_JOB', 'UNLOCK_JOB'];

function job(fieldData: RecordData['fieldData'] = {}, portalData: RecordData['portalData'] = {}, counts: Record<string, number> = {}): RecordData {
  return {
    recordId: '7',
    modId: '3',
    fieldData: { __PKJobID: 7, 'Job Name': 'Job seven', 'Locked Job': 'No', ...fieldData },
    portalData,
    portalDataInfo: Object.entries(counts).map(([portalObjectName, foundCount]) => ({ portalObjectName, foundCount, returnedCount: foundCount })),
  };
}

describe('job permissions', () => {
  it('gives every edit action on an unlocked job to a user holding the privileges', () => {
    expect(jobPermissions(job().fieldData, ALL)).toEqual({
      locked: false,
      canRename: true,
      canUpload: true,
      canAddContainer: true,
      canMoveContainer: true,
      canLock: true,
      canUnlock: false,
      canNotifyReady: true,
      canAskCorrection: false,
      canDeclare: true,
      canResolve: true,
      canPrintReconciliation: true,
    });
  });

  it('takes every edit action away on a locked job (Yes in any case), leaving only unlock', () => {
    for (const flag of ['Yes', 'YES', 'yes ']) {
      expect(jobPermissions(job({ 'Locked Job': flag }).fieldData, ALL)).toEqual({
        locked: true,
        canRename: false,
        canUpload: false,
        canAddContainer: false,
        canMoveContainer: false,
        canLock: false,
        canUnlock: true,
        canNotifyReady: true,
        canAskCorrection: false,
        canDeclare: false,
        canResolve: false,
        canPrintReconciliation: true,
      });
    }
  });

  it('moves no container of a destroyed job to the Yellow Bucket: the job is final', () => {
    expect(jobPermissions(job({ 'Date Destroyed': '06/18/2026' }).fieldData, ALL)).toMatchObject({ locked: false, canMoveContainer: false, canAddContainer: true });
    expect(jobPermissions(job({ 'Date Destroyed': '' }).fieldData, ALL).canMoveContainer).toBe(true);
  });

  it('keeps the declared inventory of a destroyed job as it was', () => {
    expect(jobPermissions(job({ 'Date Destroyed': '06/18/2026' }).fieldData, ALL).canDeclare).toBe(false);
    expect(jobPermissions(job().fieldData, ['CREATE_LINE_ITEM']).canDeclare).toBe(false);
  });

  it('offers a correction of a destroyed job to whoever enters line items, and of no other job', () => {
    const destroyed = job({ 'Date Destroyed': '06/18/2026' }).fieldData;
    expect(jobPermissions(destroyed, ['CREATE_LINE_ITEM']).canAskCorrection).toBe(true);
    expect(jobPermissions(destroyed, ['APPROVE_CORRECTION']).canAskCorrection).toBe(false);
    expect(jobPermissions(job({ 'Date Destroyed': '' }).fieldData, ['CREATE_LINE_ITEM']).canAskCorrection).toBe(false);
  });

  it('follows each privilege on its own', () => {
    const fieldData = job().fieldData;
    expect(jobPermissions(fieldData, [])).toMatchObject({ canRename: false, canAddContainer: false, canMoveContainer: false, canLock: false });
    expect(jobPermissions(fieldData, ['CREATE_CONTAINER'])).toMatchObject({ canRename: false, canAddContainer: true, canMoveContainer: false });
    expect(jobPermissions(fieldData, ['CREATE_JOB'])).toMatchObject({ canRename: true, canUpload: true, canAddContainer: false });
    expect(jobPermissions(job({ 'Locked Job': 'Yes' }).fieldData, ['LOCK_JOB'])).toMatchObject({ canLock: false, canUnlock: false });
    // Job Ready mails operations: only for those who make jobs, whether the job is locked or not.
    expect(jobPermissions(fieldData, []).canNotifyReady).toBe(false);
    expect(jobPermissions(fieldData, ['CREATE_CONTAINER', 'LOCK_JOB']).canNotifyReady).toBe(false);
    expect(jobPermissions(job({ 'Locked Job': 'Yes' }).fieldData, ['CREATE_JOB']).canNotifyReady).toBe(true);
  });
});

describe('container portals', () => {
  const record = job(
    { 'Total Line Items': 12, 'Total Yellow Bucket Line Items': '' },
    {
      Containers: [
        {
          recordId: '41',
          'Containers::Container_PK_ID': 41,
          'Containers::Container Name': 'C-1',
          'Containers::Container Type': 'Drum',
          'Containers::Pallet': 'P1',
          'Containers::Gross Weight': 3.5,
          'Containers::Gross UoM': 'kg',
          'Containers::Locked Container': 'No',
          'Containers::Line Item Count': 4,
        },
        { recordId: '42', 'Containers::Container_PK_ID': 42, 'Containers::Locked Container': 'Yes', 'Containers::Line Item Count': '' },
      ],
      YellowBuckets: [{ recordId: '50', 'YellowBuckets::Container_PK_ID': 50, 'YellowBuckets::Container Name': 'YB-1' }],
    },
    { Containers: 2, YellowBuckets: 1 },
  );

  it('reads the rows of each kind from its portal', () => {
    expect(containerRows(record, 'standard')).toEqual([
      { id: '41', name: 'C-1', type: 'Drum', pallet: 'P1', grossWeight: '3.5', grossUoM: 'kg', locked: false, ownLock: false, lineItemCount: 4 },
      { id: '42', name: '', type: '', pallet: '', grossWeight: '', grossUoM: '', locked: true, ownLock: true, lineItemCount: 0 },
    ]);
    expect(containerRows(record, 'yellow_bucket').map((row) => [row.id, row.name])).toEqual([['50', 'YB-1']]);
  });

  it('marks every container locked under a locked job, without changing its own flag', () => {
    const locked = { ...record, fieldData: { ...record.fieldData, 'Locked Job': 'Yes' } };
    expect(containerRows(locked, 'standard').map((row) => [row.locked, row.ownLock])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('counts containers by the found count, which may pass the portal limit', () => {
    expect(containerCount(record, 'standard')).toBe(2);
    expect(containerCount(job({}, { Containers: [] }, { Containers: 640 }), 'standard')).toBe(640);
    expect(containerCount(job(), 'yellow_bucket')).toBe(0);
  });

  it('says "{n} Total Line Items" for each kind', () => {
    expect(totalLineItemsText(totalLineItems(record.fieldData, 'standard'))).toBe('12 Total Line Items');
    expect(totalLineItemsText(totalLineItems(record.fieldData, 'yellow_bucket'))).toBe('0 Total Line Items');
  });
});

describe('pictures and documents', () => {
  it('lists the five picture tabs in order with every slot, a missing picture as null', () => {
    const tabs = pictureTabs({ P3: '/3ds/api/files/a/p3.png?sig=x', DP7: '/3ds/api/files/b/dp7.jpg', R1: '' });
    expect(tabs.map((tab) => [tab.label, tab.slots.length, tab.filled])).toEqual([
      ['Reconciliation', 9, 0],
      ['Pick-Up', 12, 1],
      ['Transportation', 12, 0],
      ['Destruction', 21, 0],
      ['Driver', 7, 1],
    ]);
    expect(tabs[1]!.slots[2]).toEqual({ slot: 'P3', position: 3, href: '/3ds/api/files/a/p3.png?sig=x' });
    expect(tabs[0]!.slots[0]).toEqual({ slot: 'R1', position: 1, href: null });
    expect(tabs[3]!.slots.at(-1)!.slot).toBe('D21');
  });

  it('names the document links as the spec does, with a link only for a file that is there', () => {
    expect(jobDocuments({ 'CWF Files': '/3ds/api/files/c/cwf.pdf', '41 Insert': '' })).toEqual([
      { field: 'CWF Files', label: 'CWF', href: '/3ds/api/files/c/cwf.pdf' },
      { field: '41 Insert', label: '41', href: null },
      { field: 'Shipping Files', label: 'Shipping', href: null },
      { field: 'Supporting Files', label: 'Supporting', href: null },
      { field: 'Digital 222 Files', label: 'Digital 222', href: null },
      { field: 'Certificate of Destruction', label: 'Certificate of Destruction', href: null },
    ]);
  });

  it('refuses files the server would refuse, before sending them', () => {
    const MB = 1024 * 1024;
    expect(uploadProblem({ type: 'image/png', size: 2 * MB }, 'picture')).toBeNull();
    expect(uploadProblem({ type: 'image/png', size: 2 * MB + 1 }, 'picture')).toBe('A picture may be at most 2 MB');
    expect(uploadProblem({ type: 'application/pdf', size: 10 }, 'picture')).toBe('You may only upload images');
    expect(uploadProblem({ type: 'image/svg+xml', size: 10 }, 'picture')).toBe('You may only upload images');
    expect(uploadProblem({ type: 'application/pdf', size: 10 * MB }, 'document')).toBeNull();
    expect(uploadProblem({ type: 'image/jpeg', size: 10 }, 'document')).toBeNull();
    expect(uploadProblem({ type: 'application/pdf', size: 10 * MB + 1 }, 'document')).toBe('A document may be at most 10 MB');
    expect(uploadProblem({ type: 'text/plain', size: 10 }, 'document')).toBe('You may only upload PDF documents or images');
  });
});

describe('registration expiry on the job', () => {
  it('is expired before today and almost expired within 60 days', () => {
    const at = (date: string) => jobRegistrationExpiry({ 'Registration::Expiration Date': date }, '2026-03-01');
    expect(at('02/28/2026')).toBe('expired');
    expect(at('03/01/2026')).toBe('almost-expired');
    expect(at('04/30/2026')).toBe('almost-expired');
    expect(at('05/01/2026')).toBe('current');
    expect(at('')).toBe('unknown');
  });
});

describe('job calls', () => {
  it('exports the job by its id, standard or Yellow Bucket', () => {
    expect(jobExportBody({ jobId: '7', fileType: 'xlsx', recordType: 'yb' })).toEqual({
      fileType: 'xlsx',
      recordType: 'yb',
      search: true,
      searchCriteria: [{ omit: false, criteria: { __PKJobID: '==7' } }],
    });
  });

  it('sends only the filled container fields, cleaned', () => {
    expect(
      filledContainerFields({ containerName: '  Drum 1 ', pallet: '', containerType: null, packageWeight: 1.5, netWeight: '2', grossUoM: 'kg' }),
    ).toEqual({ containerName: 'Drum 1', packageWeight: 1.5, netWeight: 2, grossUoM: 'kg' });
    expect(filledContainerFields({ containerName: ' ', pallet: '', containerType: null, packageWeight: '', netWeight: '', grossUoM: null })).toEqual({});
    expect(createContainerPath('standard')).toBe('/container/new');
    expect(createContainerPath('yellow_bucket')).toBe('/yb-container/new');
  });

  it('reads a move to a Yellow Bucket: the new id and the portals; anything but success fails', () => {
    const portals = { Containers: [], YellowBuckets: [{ recordId: '9' }] };
    const answer = (scriptResult: unknown) => ({ scriptResult, data: [{ recordId: '7', modId: '3', portalData: portals }] });
    expect(parseMoveResult(answer('{"succeeded":true,"containerId":9}'))).toEqual({ containerId: '9', portalData: portals });
    expect(() => parseMoveResult(answer('{"succeeded":false}'))).toThrow(MoveNotSucceededError);
    expect(() => parseMoveResult(answer('not json'))).toThrow(MoveNotSucceededError);
    // The script result is text, as the contract has it; an answer of another shape is no confirmation.
    expect(() => parseMoveResult(answer({ succeeded: true, containerId: 9 }))).toThrow(MoveNotSucceededError);
    expect(() => parseMoveResult({ scriptResult: '{"succeeded":true,"containerId":9}' })).toThrow(MoveNotSucceededError);
    expect(() => parseMoveResult({})).toThrow(MoveNotSucceededError);
  });
});
