import { PRIVILEGES } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_KINDS } from '../src/components/line-item-entry/line-item-kinds.ts';
import {
  finalNote,
  lineItemActions,
  lineItemFacts,
  lockToggleMode,
  moveTargetQuery,
  showsBulkDetails,
  siblingPosition,
  withUnit,
} from '../src/features/line-items/line-item-record.ts';
import type { RecordData } from '../src/lib/records/record-shapes.ts';

const ALL = [...PRIVILEGES];
const TODAY = '2026-11-21';

function record(fieldData: Record<string, string | number | null>, siblings: number[] = []): RecordData {
  return {
    recordId: String(fieldData.id ?? fieldData['Container Line Item ID'] ?? '1'),
    modId: '3',
    fieldData: {
      id: 7,
      id_container: 12,
      id_Job: 4,
      'NDC Number': '00044-0725-03',
      'NDC Description': 'VICODIN HP',
      'NDC Schedule': '2',
      'Pack Quantity': 10,
      'Pack Quantity UoM': '',
      'Pack Size': 30,
      'Pack Size UoM': 'U',
      'Percent Fill': 0.335,
      'Reporting Qty': 300,
      'Reporting UoM': 'U',
      'Avg Tablet Weight': 150,
      'Avg Tablet Weight Unit': 'mg',
      'Package Size Density': '',
      'Labeler Parent Organization': '',
      'Locked Container Line Item': 'No',
      'Container::Locked Container': 'No',
      'Job::Locked Job': 'No',
      'Registration::Expiration Date': '12/24/2027',
      ...fieldData,
    },
    portalData: { Siblings: siblings.map((id) => ({ recordId: String(id), modId: '0', 'Siblings::id': id })) },
    portalDataInfo: [],
  };
}

const standard = LINE_ITEM_KINDS.standard;

describe('line item facts', () => {
  it('reads the record: ids, NDC, quantities with units, percent as 0.00%', () => {
    const facts = lineItemFacts(record({}, [5, 7, 9]), standard, TODAY);
    expect(facts).toMatchObject({
      id: '7',
      modId: '3',
      containerId: '12',
      jobId: '4',
      ndc: '00044-0725-03',
      bulk: false,
      percentFill: '33.50%',
      avgTablet: '150 mg',
      locked: false,
      registrationExpired: false,
      siblings: ['5', '7', '9'],
    });
  });

  it('reads the Pack Size Reason the cards show, and none when the record has none', () => {
    expect(lineItemFacts(record({ 'Pack Size': 500, 'Pack Size Reason': 'Repackaged by the pharmacy in bottles of 500' }), standard, TODAY).packSizeReason).toBe(
      'Repackaged by the pharmacy in bottles of 500',
    );
    expect(lineItemFacts(record({}), standard, TODAY).packSizeReason).toBe('');
  });

  it('reads a Yellow Bucket line item by its own id fields', () => {
    const facts = lineItemFacts(
      record({ id: null, id_container: null, 'Container Line Item ID': 156, 'Container ID': 23 }),
      LINE_ITEM_KINDS['yellow-bucket'],
      TODAY,
    );
    expect(facts).toMatchObject({ id: '156', containerId: '23' });
  });

  it('is locked by its own flag, its container or its job', () => {
    expect(lineItemFacts(record({ 'Locked Container Line Item': 'Yes' }), standard, TODAY).locked).toBe(true);
    expect(lineItemFacts(record({ 'Container::Locked Container': 'YES' }), standard, TODAY).locked).toBe(true);
    expect(lineItemFacts(record({ 'Job::Locked Job': 'yes' }), standard, TODAY).locked).toBe(true);
  });

  it('knows an expired registration', () => {
    expect(lineItemFacts(record({ 'Registration::Expiration Date': '11/20/2026' }), standard, TODAY).registrationExpired).toBe(true);
    expect(lineItemFacts(record({ 'Registration::Expiration Date': '11/21/2026' }), standard, TODAY).registrationExpired).toBe(false);
  });

  it('writes a value with its unit', () => {
    expect(withUnit(30, 'U')).toBe('30 U');
    expect(withUnit(30, '')).toBe('30');
    expect(withUnit('', 'U')).toBe('');
  });
});

describe('bulk details', () => {
  const bulk = { bulk: true, labelerOrganization: 'Acme Pharma' };
  it('shows Avg Tablet and Density only for a bulk item of the user’s own organisation', () => {
    expect(showsBulkDetails(bulk, 'Acme Pharma')).toBe(true);
    expect(showsBulkDetails(bulk, 'Other')).toBe(false);
    expect(showsBulkDetails(bulk, null)).toBe(false);
    expect(showsBulkDetails({ ...bulk, labelerOrganization: '' }, '')).toBe(false);
    expect(showsBulkDetails({ ...bulk, bulk: false }, 'Acme Pharma')).toBe(false);
  });
});

describe('lock toggle', () => {
  const open = { ownLocked: false, containerLocked: false, jobLocked: false };
  it('locks with LOCK_LINE_ITEM, unlocks with UNLOCK_LINE_ITEM, else is static', () => {
    expect(lockToggleMode(open, ['LOCK_LINE_ITEM'])).toBe('lock');
    expect(lockToggleMode(open, ['UNLOCK_LINE_ITEM'])).toBe('static');
    expect(lockToggleMode({ ...open, ownLocked: true }, ['UNLOCK_LINE_ITEM'])).toBe('unlock');
    expect(lockToggleMode({ ...open, ownLocked: true }, ['LOCK_LINE_ITEM'])).toBe('static');
    expect(lockToggleMode(open, [])).toBe('static');
  });

  it('is plain under a locked container or job: no unlock', () => {
    expect(lockToggleMode({ ...open, ownLocked: true, containerLocked: true }, ALL)).toBe('parent-locked');
    expect(lockToggleMode({ ...open, jobLocked: true }, ALL)).toBe('parent-locked');
  });
});

describe('actions', () => {
  const open = { locked: false, registrationExpired: false, jobDestroyed: null };
  it('are all hidden while locked', () => {
    expect(lineItemActions({ ...open, locked: true }, ALL)).toEqual({ edit: false, editNdc: false, create: false, duplicate: false, move: false, delete: false });
  });

  it('each need their privilege', () => {
    expect(lineItemActions(open, ALL)).toEqual({ edit: true, editNdc: true, create: true, duplicate: true, move: true, delete: true });
    expect(lineItemActions(open, ['CREATE_LINE_ITEM'])).toEqual({ edit: true, editNdc: true, create: true, duplicate: true, move: false, delete: false });
    expect(lineItemActions(open, ['MOVE_LINE_ITEM', 'DELETE_LINE_ITEM'])).toEqual({ edit: false, editNdc: false, create: false, duplicate: false, move: true, delete: true });
    expect(lineItemActions(open, [])).toEqual({ edit: false, editNdc: false, create: false, duplicate: false, move: false, delete: false });
  });

  it('do not add line items under an expired registration', () => {
    expect(lineItemActions({ ...open, registrationExpired: true }, ALL)).toMatchObject({ create: false, duplicate: false, edit: true, move: true });
  });

  it('do not edit, move or delete once the job is destroyed, unlocked or not, and say why', () => {
    const destroyed = { ...open, jobDestroyed: '2026-06-18' };
    expect(lineItemActions(destroyed, ALL)).toEqual({ edit: false, editNdc: false, create: true, duplicate: true, move: false, delete: false });
    expect(finalNote({ jobDestroyed: '2026-06-18', jobId: '62' })).toMatch(
      /^Job 62 is final: its destruction on 06\/18\/2026 is on record, so its line items cannot be changed, moved or deleted\. .*correction on the record/,
    );
    expect(finalNote({ jobDestroyed: null, jobId: '62' })).toBeNull();
    expect(lineItemFacts(record({ 'Job::Date Destroyed': '06/18/2026' }), standard, TODAY).jobDestroyed).toBe('2026-06-18');
    expect(lineItemFacts(record({ 'Job::Date Destroyed': '' }), standard, TODAY).jobDestroyed).toBeNull();
  });
});

describe('sibling pager', () => {
  it("says 'Record x of n' and knows the neighbours", () => {
    expect(siblingPosition(['5', '7', '9'], '7')).toEqual({ index: 2, count: 3, previous: '5', next: '9' });
    expect(siblingPosition(['5', '7', '9'], '5')).toEqual({ index: 1, count: 3, previous: null, next: '7' });
    expect(siblingPosition(['5'], '5')).toEqual({ index: 1, count: 1, previous: null, next: null });
    expect(siblingPosition(['5'], '8')).toBeNull();
  });
});

describe('move targets', () => {
  it('asks for the unlocked containers of the job, without the current one', () => {
    expect(moveTargetQuery(standard, '151', '721')).toEqual({
      query: [{ 'Job ID': '151', 'Locked Container': 'No' }, { Container_PK_ID: '721', omit: 'true' }],
    });
    expect(moveTargetQuery(LINE_ITEM_KINDS['yellow-bucket'], '151', '723').query[1]).toEqual({ 'Container ID': '723', omit: 'true' });
  });

});
