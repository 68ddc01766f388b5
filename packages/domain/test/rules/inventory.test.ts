import { describe, expect, it } from 'vitest';
import {
  accountability,
  accountabilityByNdc,
  type NdcAccountableItem,
  inventoryCountBasis,
  isOnHandAt,
  isReconstructedInventory,
  reconstructedInventoryText,
  parseInventoryMoment,
  type AccountableItem,
  inventoryDifferenceCount,
  inventoryDifferences,
  type InventoryCountLine,
} from '../../src/rules/inventory.ts';
import { accountabilityQuerySchema, inventoryRequestSchema } from '../../src/contracts/inventory.ts';

describe('the moment an inventory is taken', () => {
  it.each([
    ['06/30/2026 08:00', { date: '2026-06-30', time: '08:00', business: 'opening' }],
    ['6/30/2026 17:45', { date: '2026-06-30', time: '17:45', business: 'close' }],
    ['06/30/2026 12:00', { date: '2026-06-30', time: '12:00', business: 'close' }],
    ['06/31/2026 08:00', null],
    ['06/30/2026 24:00', null],
    ['06/30/2026', null],
    ['2026-06-30 08:00', null],
  ] as const)('%s', (text, expected) => expect(parseInventoryMoment(text)).toEqual(expected));

  it('names what is wrong with the request', () => {
    expect(inventoryRequestSchema.safeParse({ asOf: '13/01/2026 09:00' }).error?.issues[0]?.message).toBe('As of must be a real date and time, written MM/DD/YYYY HH:MM (24-hour)');
    expect(inventoryRequestSchema.safeParse({}).success).toBe(false);
  });

  it('counts a day’s receipts and destructions at its close, not at its opening', () => {
    const opening = parseInventoryMoment('06/30/2026 08:00')!;
    const close = parseInventoryMoment('06/30/2026 17:00')!;
    const receivedThatDay = { received: '2026-06-30', destroyed: null };
    const destroyedThatDay = { received: '2026-06-01', destroyed: '2026-06-30' };
    expect([isOnHandAt(receivedThatDay, opening), isOnHandAt(receivedThatDay, close)]).toEqual([false, true]);
    expect([isOnHandAt(destroyedThatDay, opening), isOnHandAt(destroyedThatDay, close)]).toEqual([true, false]);
    expect(isOnHandAt({ received: null, destroyed: null }, close)).toBe(false);
  });
});

describe('how an opened container is counted (21 CFR 1304.11(e)(3))', () => {
  it.each([
    ['2', false, 100, true, 'sealed'],
    ['2', true, 100, true, 'exact'],
    ['1N', true, 10, false, 'exact'],
    ['3N', true, 100, true, 'estimated'],
    ['4', true, 1000, true, 'estimated'],
    ['4', true, 1001, true, 'exact'],
    ['5', true, 2000, false, 'estimated'],
  ] as const)('Schedule %s, opened %s, %s units (counted in units: %s) → %s', (schedule, opened, units, counted, expected) =>
    expect(inventoryCountBasis(schedule, opened, units, counted)).toBe(expected),
  );
});

describe('accountability of a period, worked by hand', () => {
  // The period is 03/01/2026 – 03/31/2026.
  const period = { from: '2026-03-01', to: '2026-03-31' };
  const items: AccountableItem[] = [
    // 1: received and destroyed before the period: in none of the figures.
    { id: 1, received: '2026-01-05', destroyed: '2026-01-20' },
    // 2: received before, destroyed in it: opening and destroyed.
    { id: 2, received: '2026-02-20', destroyed: '2026-03-10' },
    // 3: received before, destroyed after: opening and closing (and 39 days old at 03/31: unplaced).
    { id: 3, received: '2026-02-20', destroyed: '2026-04-02' },
    // 4: received on the first day, destroyed on the last: received and destroyed.
    { id: 4, received: '2026-03-01', destroyed: '2026-03-31' },
    // 5: received in it, destroyed after: received and closing.
    { id: 5, received: '2026-03-25', destroyed: '2026-04-15' },
    // 6: received on the day before the period, still on hand: opening and closing.
    { id: 6, received: '2026-02-28', destroyed: null },
    // 7: received after the period: none.
    { id: 7, received: '2026-04-01', destroyed: null },
    // 8: destroyed in the period without a receipt on record: unplaced.
    { id: 8, received: null, destroyed: '2026-03-12' },
    // 9: destroyed before it was received: unplaced.
    { id: 9, received: '2026-03-20', destroyed: '2026-03-05' },
  ];
  const result = accountability(items, period);

  it('places every item in its figures', () => {
    expect(result.opening).toEqual([2, 3, 6]);
    expect(result.received).toEqual([4, 5]);
    expect(result.destroyed).toEqual([2, 4]);
    expect(result.closing).toEqual([3, 5, 6]);
  });

  it('opening + received − destroyed = closing', () => {
    expect(result.opening.length + result.received.length - result.destroyed.length).toBe(result.closing.length);
  });

  it('lists what cannot be placed, with why', () => {
    expect(result.unplaced).toEqual([
      { id: 3, reason: 'not-destroyed-after-30-days' },
      { id: 6, reason: 'not-destroyed-after-30-days' },
      { id: 8, reason: 'destroyed-without-receipt' },
      { id: 9, reason: 'destroyed-before-receipt' },
    ]);
  });

  it('counts each NDC in packages and units, worked by hand, and balances', () => {
    // Items 2, 3, 4: bottles of 100 tablets (2 packages, 1, 3); 5, 6: an oral solution in mL, 6 in L.
    const quantities: NdcAccountableItem[] = [
      { id: 2, ndc: '00406-0552-01', description: 'OXYCODONE HCL 5 MG', packages: 2, reportingQty: 200, reportingUoM: 'U' },
      { id: 3, ndc: '00406-0552-01', description: 'OXYCODONE HCL 5 MG', packages: 1, reportingQty: 40, reportingUoM: 'U' },
      { id: 4, ndc: '00406-0552-01', description: 'OXYCODONE HCL 5 MG', packages: 3, reportingQty: 0.3, reportingUoM: 'K' },
      { id: 5, ndc: '00054-3556-63', description: 'OXYCODONE ORAL SOLUTION', packages: 1, reportingQty: 500, reportingUoM: 'mL' },
      { id: 6, ndc: '00054-3556-63', description: 'OXYCODONE ORAL SOLUTION', packages: 2, reportingQty: 1, reportingUoM: 'L' },
    ];
    const rows = accountabilityByNdc(quantities, result);
    expect(rows).toEqual([
      {
        ndc: '00054-3556-63',
        description: 'OXYCODONE ORAL SOLUTION',
        unit: 'mL',
        // opening 6 (2 packages, 1 L = 1,000 mL); received 5; destroyed none; closing 5 and 6.
        opening: { packages: 2, units: 1000 },
        received: { packages: 1, units: 500 },
        destroyed: { packages: 0, units: 0 },
        closing: { packages: 3, units: 1500 },
        balanced: true,
        uncounted: 0,
      },
      {
        ndc: '00406-0552-01',
        description: 'OXYCODONE HCL 5 MG',
        unit: 'dosage units',
        // opening 2, 3 (3 packages, 240 tablets); received 4 (0.3 K = 300 tablets); destroyed 2, 4; closing 3.
        opening: { packages: 3, units: 240 },
        received: { packages: 3, units: 300 },
        destroyed: { packages: 5, units: 500 },
        closing: { packages: 1, units: 40 },
        balanced: true,
        uncounted: 0,
      },
    ]);
  });

  it('counts an item without its quantity, or in another kind of unit, as uncounted, and says the NDC does not balance then', () => {
    const rows = accountabilityByNdc(
      [
        { id: 2, ndc: '00406-0552-01', description: 'X', packages: 2, reportingQty: 200, reportingUoM: 'U' },
        { id: 3, ndc: '00406-0552-01', description: 'X', packages: null, reportingQty: null, reportingUoM: 'U' },
        { id: 4, ndc: '00406-0552-01', description: 'X', packages: 1, reportingQty: 5, reportingUoM: 'mL' },
      ],
      result,
    );
    expect(rows[0]).toMatchObject({ uncounted: 2, opening: { packages: 2, units: 200 }, destroyed: { packages: 2, units: 200 }, closing: { packages: 0, units: 0 }, balanced: true });
    const unbalanced = accountabilityByNdc([{ id: 3, ndc: 'N', description: '', packages: 1, reportingQty: 10, reportingUoM: 'U' }], { opening: [3], received: [], destroyed: [], closing: [] });
    expect(unbalanced[0]!.balanced).toBe(false);
  });

  it('reads the query', () => {
    expect(accountabilityQuerySchema.safeParse({ from: '03/01/2026', to: '03/31/2026', drugCode: '9143' }).success).toBe(true);
    expect(accountabilityQuerySchema.safeParse({ from: '03/01/2026', to: '03/31/2026', drugCode: '91' }).error?.issues[0]?.message).toContain('4-digit');
  });
});

describe('a reconstructed inventory', () => {
  it('is one made more than a day after its moment, and says so', () => {
    const asOf = new Date('2025-12-31T18:00:00');
    expect(isReconstructedInventory(asOf, new Date('2026-01-01T18:00:00'))).toBe(false);
    expect(isReconstructedInventory(asOf, new Date('2026-01-01T18:00:01'))).toBe(true);
    expect(isReconstructedInventory(asOf, new Date('2026-11-28T09:00:00'))).toBe(true);
    expect(reconstructedInventoryText('11/28/2026')).toBe('Reconstructed from the records on 11/28/2026: not a count taken at that moment');
  });
});

describe('an inventory against the records, later', () => {
  const line = (lineItemId: number, values: Partial<InventoryCountLine> = {}): InventoryCountLine => ({
    lineItemId,
    yellowBucket: false,
    ndc: '00406-0552-01',
    description: 'OXYCODONE HCL 5 MG',
    schedule: '2',
    packQuantity: 2,
    packSize: 100,
    packSizeUoM: 'U',
    percentFill: 0.6,
    gramsOfBase: 0.9,
    ...values,
  });

  it('finds nothing when the records still say what was counted (numbers by value, texts by case)', () => {
    const counted = [line(1), line(2)];
    const differences = inventoryDifferences(counted, [line(2), line(1, { packSizeUoM: 'u', packQuantity: 2.0 })]);
    expect(differences).toEqual({ notCounted: [], noLongerOnHand: [], changed: [] });
    expect(inventoryDifferenceCount(differences)).toBe(0);
  });

  it('lists a late entry, a line item no longer on hand then, and a changed count with each figure', () => {
    const counted = [line(1), line(2), line(3)];
    const now = [line(1), line(3, { packQuantity: 3, percentFill: 0.5, gramsOfBase: 1.125 }), line(4)];
    const differences = inventoryDifferences(counted, now);
    expect(differences.notCounted.map((l) => l.lineItemId)).toEqual([4]);
    expect(differences.noLongerOnHand.map((l) => l.lineItemId)).toEqual([2]);
    expect(differences.changed).toEqual([
      {
        line: now[1],
        changes: [
          { field: 'Pack Quantity', counted: '2', now: '3' },
          { field: 'Percent Fill', counted: '60.00%', now: '50.00%' },
          { field: 'Grams of base', counted: '0.9', now: '1.125' },
        ],
      },
    ]);
    expect(inventoryDifferenceCount(differences)).toBe(3);
  });
});
