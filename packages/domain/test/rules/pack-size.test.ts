import { describe, expect, it } from 'vitest';
import {
  holdsPackage,
  isPackSizeReasonProblem,
  packageText,
  packSizeDiffersFromPackage,
  packSizeEntryChanged,
  packSizeReasonProblem,
} from '../../src/rules/pack-size.ts';

const NDC = '00406-0552-01';
const BOTTLE_OF_30 = { size: 30, uom: 'U' };

describe('a line item of a complete NDC holds its package', () => {
  it.each([
    ['the package', { packSize: 30, packSizeUoM: 'U' }, false],
    ['the package written as text, with decimals', { packSize: '30.0', packSizeUoM: 'U' }, false],
    ['the unit in another case', { packSize: '30', packSizeUoM: 'u' }, false],
    // D and K report the same units in dozens or thousands: the pack size is still the units of the package.
    ['the package counted in dozens', { packSize: 30, packSizeUoM: 'D' }, false],
    ['another number', { packSize: 5000, packSizeUoM: 'U' }, true],
    ['another unit', { packSize: 30, packSizeUoM: 'mL' }, true],
    ['no unit', { packSize: 30, packSizeUoM: '' }, true],
    // Empty is the lock check's to name, not a package of another size.
    ['no pack size', { packSize: '', packSizeUoM: 'U' }, false],
    ['not a number (the entry refuses it)', { packSize: 'abc', packSizeUoM: 'U' }, false],
  ])('%s', (_what, entry, differs) => {
    expect(packSizeDiffersFromPackage({ ndc: NDC, ...entry }, BOTTLE_OF_30)).toBe(differs);
  });

  it('compares numbers as numbers: "100" is 100.0, 0.5 is "0.50"', () => {
    expect(packSizeDiffersFromPackage({ ndc: NDC, packSize: '100', packSizeUoM: 'mL' }, { size: 100.0, uom: 'ML' })).toBe(false);
    expect(packSizeDiffersFromPackage({ ndc: NDC, packSize: 0.5, packSizeUoM: 'g' }, { size: '0.50', uom: 'g' })).toBe(false);
    expect(packSizeDiffersFromPackage({ ndc: NDC, packSize: 0.5, packSizeUoM: 'g' }, { size: '0.55', uom: 'g' })).toBe(true);
  });

  it('asks nothing of a bulk NDC, nor of an entry without a package size', () => {
    expect(packSizeDiffersFromPackage({ ndc: '12345-6789-**', packSize: 5000, packSizeUoM: 'g' }, { size: 1, uom: 'g' })).toBe(false);
    expect(packSizeDiffersFromPackage({ ndc: NDC, packSize: 5000, packSizeUoM: 'U' }, { size: null, uom: 'U' })).toBe(false);
    expect(packSizeDiffersFromPackage({ ndc: NDC, packSize: 5000, packSizeUoM: 'U' }, { size: '', uom: '' })).toBe(false);
    expect(packSizeReasonProblem({ ndc: '12345-6789-**', packSize: 5000, packSizeUoM: 'g' }, { size: 1, uom: 'g' })).toBeUndefined();
  });

  it('compares the number alone when the entry gives no unit', () => {
    expect(packSizeDiffersFromPackage({ ndc: NDC, packSize: 30, packSizeUoM: 'mL' }, { size: 30, uom: null })).toBe(false);
    expect(packSizeDiffersFromPackage({ ndc: NDC, packSize: 31, packSizeUoM: 'mL' }, { size: 30, uom: null })).toBe(true);
  });

  it('holdsPackage: the package itself, never an empty pack size or a bulk NDC', () => {
    expect(holdsPackage({ ndc: NDC, packSize: '30', packSizeUoM: 'K' }, BOTTLE_OF_30)).toBe(true);
    expect(holdsPackage({ ndc: NDC, packSize: null, packSizeUoM: 'U' }, BOTTLE_OF_30)).toBe(false);
    expect(holdsPackage({ ndc: NDC, packSize: 30, packSizeUoM: 'U' }, { size: null, uom: 'U' })).toBe(false);
    expect(holdsPackage({ ndc: '12345-6789-**', packSize: 30, packSizeUoM: 'U' }, BOTTLE_OF_30)).toBe(false);
  });
});

describe('packSizeReasonProblem', () => {
  it('names both values and what to do', () => {
    const problem = packSizeReasonProblem({ ndc: NDC, packSize: '5000', packSizeUoM: 'U' }, BOTTLE_OF_30);
    expect(problem).toBe(
      `Pack Size 5,000 U differs from the package of NDC ${NDC} (30 U): enter the package's size, or give the reason in Pack Size Reason.`,
    );
    expect(isPackSizeReasonProblem(problem!)).toBe(true);
    expect(isPackSizeReasonProblem('Pack Size is required')).toBe(false);
  });

  it('is met by a reason; a blank one is none', () => {
    const entry = { ndc: NDC, packSize: 500, packSizeUoM: 'U' };
    expect(packSizeReasonProblem({ ...entry, packSizeReason: 'Repackaged by the pharmacy in bottles of 500' }, BOTTLE_OF_30)).toBeUndefined();
    expect(packSizeReasonProblem({ ...entry, packSizeReason: '   ' }, BOTTLE_OF_30)).toBeDefined();
    expect(packSizeReasonProblem({ ...entry, packSizeReason: null }, BOTTLE_OF_30)).toBeDefined();
  });

  it('keeps a reason given for the package itself without a word', () => {
    expect(packSizeReasonProblem({ ndc: NDC, packSize: 30, packSizeUoM: 'U', packSizeReason: 'Checked against the label' }, BOTTLE_OF_30)).toBeUndefined();
  });

  it('tells a correction\'s approver what a correction can do, since it cannot add a reason', () => {
    const problem = packSizeReasonProblem({ ndc: NDC, packSize: 60, packSizeUoM: 'U' }, BOTTLE_OF_30, { correction: true });
    expect(problem).toBe(
      `Pack Size 60 U differs from the package of NDC ${NDC} (30 U) and the line item holds no Pack Size Reason, which a correction cannot add: correct Pack Size to the package's size, or reject this correction.`,
    );
    expect(isPackSizeReasonProblem(problem!)).toBe(true);
  });

  it('writes the numbers as a person reads them', () => {
    expect(packageText({ size: 2.5, uom: 'mL' })).toBe('2.5 mL');
    expect(packageText({ size: '12000', uom: 'U' })).toBe('12,000 U');
    expect(packageText({ size: 100, uom: null })).toBe('100');
    expect(packageText({ size: null, uom: 'U' })).toBe('');
  });
});

describe('packSizeEntryChanged: what an edit must touch to be held to the rule', () => {
  const before = { ndc: NDC, packSize: 5000, packSizeUoM: 'U', packSizeReason: null };
  it.each([
    ['nothing', {}, false],
    ['the same pack size written otherwise', { packSize: '5000.0', packSizeUoM: 'u' }, false],
    ['the pack size', { packSize: 500 }, true],
    ['the UoM', { packSizeUoM: 'mL' }, true],
    ['the NDC', { ndc: '00406-0552-05' }, true],
    ['the reason', { packSizeReason: 'Repackaged' }, true],
    ['the pack size emptied', { packSize: null }, true],
  ])('%s', (_what, change, changed) => expect(packSizeEntryChanged(before, { ...before, ...change })).toBe(changed));
});
