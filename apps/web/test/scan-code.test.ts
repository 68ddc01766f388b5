import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseResolved } from '../src/components/line-item-entry/api/resolve-code.ts';
import { cameraProblem } from '../src/components/line-item-entry/camera-scan-dialog.tsx';
import {
  labelLineItemId,
  scannedCode,
  shownScan,
  storedSubstitute,
  storeSubstitute,
  substituteProblem,
} from '../src/components/line-item-entry/scan-code.ts';
import { MemoryStorage } from './memory-storage.ts';

const GS = '\u001d';

describe('the scan field', () => {
  it('shows a group separator as ␝ and sends it as the separator itself', () => {
    const typed = `]d20100304060552012${GS}10LOT${GS}21SN`;
    expect(shownScan(typed)).toBe(']d20100304060552012␝10LOT␝21SN');
    expect(scannedCode(shownScan(typed))).toBe(typed);
  });

  it("turns the scanner's configured substitute into the separator, and trims a scanner's spaces", () => {
    expect(scannedCode(' 0100304060552012~10LOT~21SN ', '~')).toBe(`0100304060552012${GS}10LOT${GS}21SN`);
    expect(scannedCode('0100304060552012^^10LOT', '^^')).toBe(`0100304060552012${GS}10LOT`);
    expect(scannedCode('0406-0552-01')).toBe('0406-0552-01');
  });

  it('knows a 3DS label by its prefix, in either case, and nothing else', () => {
    expect(labelLineItemId('3DS-LI-5003')).toBe('5003');
    expect(labelLineItemId(' 3ds-li-0042 ')).toBe('42');
    for (const other of ['3DS-LI-', '3DS-LI-12a', 'x3DS-LI-1', '00406055201', '3DS-LI-1234567890']) expect(labelLineItemId(other), other).toBeNull();
  });
});

describe("the scanner's FNC1 substitute", () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is kept in this browser, and removed when emptied', () => {
    expect(storedSubstitute()).toBe('');
    storeSubstitute('~');
    expect(storedSubstitute()).toBe('~');
    storeSubstitute('');
    expect(storedSubstitute()).toBe('');
  });

  it('may not be something a lot or serial number can hold', () => {
    expect(substituteProblem('')).toBeNull();
    expect(substituteProblem('~')).toBeNull();
    expect(substituteProblem('^^')).toBeNull();
    expect(substituteProblem('a')).toMatch(/Letters, digits and spaces/);
    expect(substituteProblem('7')).toMatch(/Letters, digits and spaces/);
    expect(substituteProblem('-')).toMatch(/can occur in a lot or serial number/);
    expect(substituteProblem('~~~~')).toBe('Use one to three characters.');
  });
});

describe('what the server resolved', () => {
  const ENTRY = { ndc: '00406-0552-01', tradeName: 'OXYCODONE HCL 5 MG', schedule: '2', strength: '5 MG', form: 'Tablet', packageSize: 100, packageSizeUoM: 'U', removedFromArcos: false };

  it('reads an NDC answer with what the code held, blanks for what it did not', () => {
    expect(parseResolved({ kind: 'ndc', digits: '0406055201', lot: 'L1', expirationDate: '06/30/2027', ambiguous: false, entries: [ENTRY] })).toEqual({
      kind: 'ndc',
      digits: '0406055201',
      lot: 'L1',
      expirationDate: '06/30/2027',
      serial: '',
      entries: [{ ...ENTRY, packageSize: '100' }],
      lookup: undefined,
    });
  });

  it('reads the lookup that comes with a single entry', () => {
    const lookup = { hasFactor: true, packQtyUoms: ['U'], showStageUnitConverter: false, showUnitConverter: false, stages: [], uoms: ['kg'], packSizeLookup: 100, packSizeUoMLookup: 'U', schedule: '2', bulkKind: '' };
    const resolved = parseResolved({ kind: 'ndc', digits: '0406055201', entries: [ENTRY], lookup });
    expect(resolved.kind === 'ndc' && resolved.lookup).toMatchObject({ packSizeLookup: 100, packSizeUoMLookup: 'U', schedule: '2', bulkKind: undefined });
  });

  it('reads a label answer', () => {
    expect(parseResolved({ kind: 'label', lineItemId: '12', yellowBucket: true })).toEqual({ kind: 'label', lineItemId: '12', yellowBucket: true });
  });

  it('refuses an answer it cannot act on, rather than open an empty form', () => {
    expect(() => parseResolved(null)).toThrow('The server did not say what the code stands for.');
    expect(() => parseResolved({ kind: 'ndc', entries: [] })).toThrow('The server did not say which NDC the code stands for.');
    expect(() => parseResolved({ kind: 'label' })).toThrow('The server did not say which line item the label names.');
  });
});

describe('why the camera cannot scan', () => {
  it('says what to do for each reason the browser gives', () => {
    expect(cameraProblem(new DOMException('denied', 'NotAllowedError'))).toMatch(/Allow the camera for this site/);
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toMatch(/No camera was found/);
    expect(cameraProblem(new DOMException('busy', 'NotReadableError'))).toMatch(/in use by another program/);
    expect(cameraProblem(new Error('wasm failed'))).toBe('The camera could not scan (wasm failed). Use the scanner or type the NDC.');
  });
});
