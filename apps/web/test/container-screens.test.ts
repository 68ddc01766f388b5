import { PRIVILEGES } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { editContainerBody } from '../src/features/containers/api/edit-container.ts';
import { CONTAINER_KINDS } from '../src/features/containers/container-kinds.ts';
import {
  containerActions,
  containerChanges,
  containerRefusal,
  containerExportFind,
  containerFacts,
  containerFinalNote,
  containerFormValues,
  enteredFrom,
  formGrossWeight,
  lineItemRows,
  pageOfRow,
  lockToggleMode,
  moveTargetCriteria,
  weightNumber,
  withCurrentOption,
} from '../src/features/containers/container-record.ts';
import type { RecordData } from '../src/lib/records/record-shapes.ts';

const standard = CONTAINER_KINDS.standard;
const yellow = CONTAINER_KINDS['yellow-bucket'];

function container(overrides: Record<string, string | number> = {}, lineItems: Record<string, string | number>[] = []): RecordData {
  return {
    recordId: '48',
    modId: '3',
    fieldData: {
      Container_PK_ID: 48,
      'Container Name': 'J10-C02',
      Pallet: 'PLT-1',
      'Container Type': 'Bag',
      'Package Weight': 2.8,
      'Net Weight': 40.46,
      'Gross Weight': 43.26,
      'Gross UoM': 'lbs',
      'Locked Container': 'No',
      'Registration Number': 'RM1488938',
      'Registration::Expiration Date': '05/01/2029',
      'Job ID': 10,
      'Job::Locked Job': 'No',
      'Job::Activity': 'F - Distributor',
      'Job::Job Name': 'Midland 01/2025',
      'Company ID': 9,
      'Company Name': 'Midland Drug Wholesale',
      ...overrides,
    },
    portalData: { LineItems: lineItems },
    portalDataInfo: [{ portalObjectName: 'LineItems', foundCount: lineItems.length, returnedCount: lineItems.length }],
  };
}

const ALL = [...PRIVILEGES];
const TODAY = '2026-11-21';

describe('container facts', () => {
  it('reads the record as the screens show it', () => {
    const facts = containerFacts(container(), 'Container_PK_ID', TODAY);
    expect(facts).toMatchObject({
      id: '48',
      modId: '3',
      name: 'J10-C02',
      grossWeight: '43.26',
      grossUoM: 'lbs',
      jobId: '10',
      jobName: 'Midland 01/2025',
      activity: 'F - Distributor',
      companyId: '9',
      registrationNumber: 'RM1488938',
      registrationExpired: false,
      locked: false,
    });
  });

  it.each([
    ['No', 'No', false, false, false],
    ['Yes', 'No', true, false, true],
    ['yes', 'No', true, false, true],
    ['No', 'Yes', false, true, true],
    ['Yes', 'YES', true, true, true],
  ])('own %s, job %s → own %s, job %s, locked %s', (own, job, ownLocked, jobLocked, locked) => {
    const facts = containerFacts(container({ 'Locked Container': own, 'Job::Locked Job': job }), 'Container_PK_ID', TODAY);
    expect({ ownLocked: facts.ownLocked, jobLocked: facts.jobLocked, locked: facts.locked }).toEqual({ ownLocked, jobLocked, locked });
  });

  it('a registration is expired only when its date is before today', () => {
    const on = (date: string) => containerFacts(container({ 'Registration::Expiration Date': date }), 'Container_PK_ID', TODAY).registrationExpired;
    expect(on('11/20/2026')).toBe(true);
    expect(on('11/21/2026')).toBe(false);
    expect(on('12/01/2026')).toBe(false);
    expect(on('')).toBe(false);
  });

  it('takes the Yellow Bucket id field', () => {
    const record = container({ 'Container ID': 49 });
    expect(containerFacts(record, yellow.idField, TODAY).id).toBe('49');
  });
});

describe('a container holding line items locked on their own', () => {
  it('reads how many from the record', () => {
    expect(containerFacts(container({ 'Line Items Locked On Their Own': 2 }), standard.idField, TODAY).ownLockedItems).toBe(2);
    expect(containerFacts(container({}), standard.idField, TODAY).ownLockedItems).toBe(0);
  });

  it('says why it cannot be deleted or moved, in the server’s words', () => {
    expect(containerRefusal('container.delete', { id: '12', ownLockedItems: 1 }, 'Container')).toBe(
      'Container 12 holds a line item locked on its own; it cannot be deleted while that item stays locked.',
    );
    expect(containerRefusal('container.move', { id: '4', ownLockedItems: 2 }, 'Yellow Bucket Container')).toBe(
      'Yellow Bucket Container 4 holds 2 line items locked on their own; it cannot be moved while they stay locked.',
    );
    expect(containerRefusal('job.move-container-to-yb', { id: '12', ownLockedItems: 1 }, 'Container')).toMatch(/cannot be moved/);
    for (const action of ['container.delete', 'container.move', 'job.move-container-to-yb'] as const) {
      expect(containerRefusal(action, { id: '12', ownLockedItems: 0 }, 'Container')).toBeUndefined();
    }
  });
});

describe('lock toggle', () => {
  it.each([
    [{ ownLocked: false, jobLocked: false }, ALL, 'lock'],
    [{ ownLocked: true, jobLocked: false }, ALL, 'unlock'],
    [{ ownLocked: true, jobLocked: true }, ALL, 'parent-locked'],
    [{ ownLocked: false, jobLocked: true }, ALL, 'parent-locked'],
    [{ ownLocked: false, jobLocked: false }, ['UNLOCK_CONTAINER'], 'static'],
    [{ ownLocked: true, jobLocked: false }, ['LOCK_CONTAINER'], 'static'],
    [{ ownLocked: true, jobLocked: false }, ['UNLOCK_CONTAINER'], 'unlock'],
    [{ ownLocked: false, jobLocked: false }, [], 'static'],
  ] as const)('%j with %j → %s', (facts, privileges, mode) => {
    expect(lockToggleMode(facts, privileges)).toBe(mode);
  });
});

describe('container actions', () => {
  const open = { locked: false, registrationNumber: 'RM1', registrationExpired: false };

  it('an unlocked container offers what the privileges allow', () => {
    expect(containerActions(open, ALL, standard)).toEqual({ edit: true, move: true, delete: true, addLineItem: true });
    expect(containerActions(open, [], standard)).toEqual({ edit: false, move: false, delete: false, addLineItem: false });
    expect(containerActions(open, ['CREATE_CONTAINER', 'CREATE_LINE_ITEM'], standard)).toEqual({
      edit: true,
      move: false,
      delete: false,
      addLineItem: true,
    });
  });

  it('a Yellow Bucket container is edited with CREATE_LINE_ITEM (spec 2 §6)', () => {
    expect(containerActions(open, ['CREATE_CONTAINER'], yellow).edit).toBe(false);
    expect(containerActions(open, ['CREATE_LINE_ITEM'], yellow).edit).toBe(true);
  });

  it('a container of a destroyed job (final) offers no edit, move or delete, and says why; a late entry stays possible', () => {
    const final = containerActions({ ...open, jobDestroyed: '2026-06-18' }, ALL, standard);
    expect(final).toEqual({ edit: false, move: false, delete: false, addLineItem: true });
    const facts = containerFacts(container({ 'Job::Date Destroyed': '06/18/2026', 'Job ID': 62 }), 'Container_PK_ID', TODAY);
    expect(facts.jobDestroyed).toBe('2026-06-18');
    expect(containerFinalNote(facts)).toMatch(/^Job 62 is final: its destruction on 06\/18\/2026 is on record, so its containers cannot be changed, moved or deleted\. /);
    expect(containerFinalNote(containerFacts(container(), 'Container_PK_ID', TODAY))).toBeNull();
  });

  it('a locked container offers nothing', () => {
    expect(containerActions({ ...open, locked: true }, ALL, standard)).toEqual({ edit: false, move: false, delete: false, addLineItem: false });
  });

  it('moving needs a registration; adding a line item needs one that has not expired', () => {
    expect(containerActions({ ...open, registrationNumber: ' ' }, ALL, standard).move).toBe(false);
    const expired = containerActions({ ...open, registrationExpired: true }, ALL, standard);
    expect(expired.addLineItem).toBe(false);
    expect(expired.move).toBe(true);
  });
});

describe('line items', () => {
  it('reads the LineItems portal', () => {
    const rows = lineItemRows(
      container({}, [
        {
          recordId: '31',
          modId: '0',
          'LineItems::id': 31,
          'LineItems::NDC Number': '55289-0331-15',
          'LineItems::NDC Schedule': '3',
          'LineItems::NDC Description': 'ASPIRIN/CODEINE',
          'LineItems::Form 222 Number': '',
          'LineItems::Locked Container Line Item': 'Yes',
        },
      ]),
    );
    expect(rows).toEqual([
      { id: '31', ndc: '55289-0331-15', schedule: '3', description: 'ASPIRIN/CODEINE', form222: '', locked: true, packQuantity: '', packSize: '', lot: '', expirationDate: '', serial: '' },
    ]);
  });

  it('reads what tells one package from the next: pack quantity and size, lot, expiry and serial', () => {
    const [row] = lineItemRows(
      container({}, [
        {
          recordId: '32',
          modId: '0',
          'LineItems::id': 32,
          'LineItems::NDC Number': '00406-0552-01',
          'LineItems::Pack Quantity': 3,
          'LineItems::Pack Size': 100,
          'LineItems::Pack Size UoM': 'U',
          'LineItems::Lot Number': 'A123',
          'LineItems::Expiration Date': '05/31/2027',
          'LineItems::Serial Number': 'SN-9',
        },
        { recordId: '33', modId: '0', 'LineItems::id': 33, 'LineItems::Pack Size': 2.5, 'LineItems::Pack Size UoM': '' },
      ]),
    );
    expect(row).toMatchObject({ id: '32', packQuantity: '3', packSize: '100 U', lot: 'A123', expirationDate: '05/31/2027', serial: 'SN-9' });
    expect(lineItemRows(container({}, [{ recordId: '33', modId: '0', 'LineItems::Pack Size': 2.5, 'LineItems::Pack Size UoM': '' }]))[0]!.packSize).toBe('2.5');
  });

  it('finds the page a line item is on', () => {
    const rows = Array.from({ length: 23 }, (_, index) => ({ id: String(index + 1) }));
    expect(pageOfRow(rows, '1', 10)).toBe(1);
    expect(pageOfRow(rows, '10', 10)).toBe(1);
    expect(pageOfRow(rows, '11', 10)).toBe(2);
    expect(pageOfRow(rows, '23', 10)).toBe(3);
    expect(pageOfRow(rows, '23', 25)).toBe(1);
    expect(pageOfRow(rows, '99', 10)).toBeNull();
  });

  it('a record without the portal has none', () => {
    expect(lineItemRows({ ...container(), portalData: {} })).toEqual([]);
  });

  it('shows every line item locked while the container or its job is, whatever their own flags', () => {
    const item = { recordId: '32', modId: '0', 'LineItems::id': 32, 'LineItems::Locked Container Line Item': 'No' };
    expect(lineItemRows(container({ 'Locked Container': 'No', 'Job::Locked Job': 'No' }, [item]))[0]!.locked).toBe(false);
    expect(lineItemRows(container({ 'Locked Container': 'No', 'Job::Locked Job': 'Yes' }, [item]))[0]!.locked).toBe(true);
    expect(lineItemRows(container({ 'Locked Container': 'Yes', 'Job::Locked Job': 'No' }, [item]))[0]!.locked).toBe(true);
  });

  it('exports exactly this container', () => {
    expect(containerExportFind('Container_PK_ID', '48')).toEqual([{ omit: false, criteria: { Container_PK_ID: '==48' } }]);
    expect(containerExportFind('Container ID', '49')).toEqual([{ omit: false, criteria: { 'Container ID': '==49' } }]);
  });
});

describe('finds', () => {
  it('move targets: current registration, same number, unlocked job, not destroyed', () => {
    expect(moveTargetCriteria('RM1488938', '2026-11-21')).toEqual([
      {
        omit: false,
        criteria: {
          'Registration::Expiration Date': '>=11/21/2026',
          'Registration Number': '==RM1488938',
          'Locked Job': 'No',
          'Date Destroyed': '=',
        },
      },
    ]);
  });

});

describe('edit form', () => {
  it('starts from the record', () => {
    expect(containerFormValues(container({ 'Package Weight': '' }))).toEqual({
      containerName: 'J10-C02',
      pallet: 'PLT-1',
      containerType: 'Bag',
      packageWeight: '',
      netWeight: 40.46,
      grossUoM: 'lbs',
    });
  });

  it('sends only what changed; nothing changed is nothing', () => {
    const initial = containerFormValues(container());
    expect(containerChanges(initial, { ...initial })).toEqual({});
    expect(containerChanges(initial, { ...initial, pallet: ' PLT-1 ' })).toEqual({});
    expect(containerChanges(initial, { ...initial, netWeight: '40.46' })).toEqual({});
    expect(containerChanges(initial, { ...initial, pallet: 'PLT-9', netWeight: 41 })).toEqual({ pallet: 'PLT-9', netWeight: 41 });
    expect(containerChanges(initial, { ...initial, containerType: '' })).toEqual({ containerType: '' });
    expect(containerChanges(initial, { ...initial, packageWeight: '' })).toEqual({ packageWeight: '' });
  });

  it('the body carries the changed fields as the API takes them, with id and modId', () => {
    expect(editContainerBody({ id: '48', modId: '3', changes: { pallet: 'PLT-9', packageWeight: '', containerType: '' } })).toEqual({
      pallet: 'PLT-9',
      packageWeight: null,
      containerType: null,
      id: 48,
      modId: '3',
    });
    expect(() => editContainerBody({ id: '48', modId: '3', changes: { netWeight: -1 } })).toThrow();
  });

  it('gross weight is net plus package, live', () => {
    expect(formGrossWeight({ netWeight: 40.46, packageWeight: 2.8 })).toBe(43.26);
    expect(formGrossWeight({ netWeight: '', packageWeight: 2.8 })).toBe(2.8);
    expect(formGrossWeight({ netWeight: 'x', packageWeight: '' })).toBe(0);
    expect(weightNumber(' 1.5 ')).toBe(1.5);
    expect(weightNumber('')).toBeNull();
  });

  it("keeps the record's value among the choices", () => {
    expect(withCurrentOption(['kg', 'lbs'], 'Lb')).toEqual(['kg', 'lbs', 'Lb']);
    expect(withCurrentOption(['kg', 'lbs'], 'kg')).toEqual(['kg', 'lbs']);
    expect(withCurrentOption(['kg', 'lbs'], '')).toEqual(['kg', 'lbs']);
  });

  it('is entered only from the view or the job view', () => {
    expect(enteredFrom({ from: 'container-view' }, standard.editEntries)).toBe(true);
    expect(enteredFrom({ from: 'job-view' }, standard.editEntries)).toBe(true);
    expect(enteredFrom({ from: 'yb-container-view' }, standard.editEntries)).toBe(false);
    expect(enteredFrom({ from: 'yb-container-view' }, yellow.editEntries)).toBe(true);
    expect(enteredFrom({ from: '/containers?page=2' }, standard.editEntries)).toBe(false);
    expect(enteredFrom(null, standard.editEntries)).toBe(false);
    expect(enteredFrom(undefined, standard.editEntries)).toBe(false);
  });
});
