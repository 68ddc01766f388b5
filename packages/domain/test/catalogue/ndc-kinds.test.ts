import { describe, expect, it } from 'vitest';
import { bulkKindOf } from '../../src/index.ts';

describe('the bulk kind of an NDC', () => {
  it('is the first of the dictionary flags set, or none for a trade package', () => {
    expect(bulkKindOf({ bulk_raw_powder: true })).toBe('raw-powder');
    expect(bulkKindOf({ bulk_raw_liquid: true, bulk_solution: true })).toBe('raw-liquid');
    expect(bulkKindOf({ bulk_dosage_formulation: true })).toBe('dosage-formulation');
    expect(bulkKindOf({ bulk_solution: true })).toBe('solution');
    expect(bulkKindOf({ bulk_raw_powder: null, bulk_raw_liquid: false })).toBeUndefined();
    expect(bulkKindOf({})).toBeUndefined();
  });
});
