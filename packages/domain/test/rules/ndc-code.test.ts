import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gs1Date, labelCode, ndc10Candidates, readCode, type CodeRead } from '../../src/index.ts';

const TODAY = '2026-11-25';
const GS = '\u001d';
const read = (input: string, separators?: string[]) => readCode(input, { today: TODAY, ...(separators ? { separators } : {}) });

/** The three ways 0406055201 can be an NDC-10. */
const OXY_CANDIDATES = [
  { ndc: '00406-0552-01', configuration: '4-4-2' },
  { ndc: '04060-0552-01', configuration: '5-3-2' },
  { ndc: '04060-5520-01', configuration: '5-4-1' },
];
/** NDC 0406-0552-01 as a UPC-A (3 + NDC-10 + check) and as the GTIN-14 of a DataMatrix. */
const OXY_UPC = '304060552012';
const OXY_GTIN = '00304060552012';

describe('the GS1 check digit', () => {
  it.each([
    ['03600029145', 2], // the UPC-A 036000291452 of GS1's examples
    ['30406055201', 2],
    ['0030406055201', 2],
    ['5030406055201', 7],
    ['0030591036901', 9],
  ])('of %s is %i', (digits, check) => {
    expect(gs1CheckDigit(digits)).toBe(check);
  });
});

describe('NDCs as people write them', () => {
  it.each<[string, CodeRead]>([
    ['0406-0552-01', { kind: 'ndc', source: 'ndc', digits: '0406055201', candidates: [{ ndc: '00406-0552-01', configuration: '4-4-2' }] }],
    ['59011-410-10', { kind: 'ndc', source: 'ndc', digits: '5901141010', candidates: [{ ndc: '59011-0410-10', configuration: '5-3-2' }] }],
    ['50458-0585-1', { kind: 'ndc', source: 'ndc', digits: '5045805851', candidates: [{ ndc: '50458-0585-01', configuration: '5-4-1' }] }],
    ['00406-0552-01', { kind: 'ndc', source: 'ndc', digits: '00406055201', candidates: [{ ndc: '00406-0552-01' }] }],
    ['00406055201', { kind: 'ndc', source: 'ndc', digits: '00406055201', candidates: [{ ndc: '00406-0552-01' }] }],
    [' 0406 0552 01 ', { kind: 'ndc', source: 'ndc', digits: '0406055201', candidates: [{ ndc: '00406-0552-01', configuration: '4-4-2' }] }],
    ['71842-0101-**', { kind: 'ndc', source: 'ndc', digits: '718420101**', candidates: [{ ndc: '71842-0101-**' }] }],
    ['0406055201', { kind: 'ndc', source: 'ndc-10-digits', digits: '0406055201', candidates: OXY_CANDIDATES } as CodeRead],
  ])('%j', (input, expected) => {
    expect(read(input)).toEqual(expected);
  });

  it('gives the three configurations of ten bare digits', () => {
    expect(ndc10Candidates('5901141010').map((c) => c.ndc)).toEqual(['05901-1410-10', '59011-0410-10', '59011-4101-00']);
  });
});

describe('linear barcodes', () => {
  it('reads a UPC-A of a drug package (3 + NDC-10 + check digit), also as EAN-13 with a leading zero', () => {
    const expected = { kind: 'ndc', source: 'upc-a', digits: '0406055201', gtin: OXY_GTIN, candidates: OXY_CANDIDATES };
    expect(read(OXY_UPC)).toEqual(expected);
    expect(read(`0${OXY_UPC}`)).toEqual(expected);
    expect(read(`]E00${OXY_UPC}`)).toEqual(expected);
  });

  it('reads a GTIN-14 whose indicator digit is a case, checking its check digit', () => {
    expect(read('50304060552017')).toEqual({ kind: 'ndc', source: 'gtin-14', digits: '0406055201', gtin: '50304060552017', candidates: OXY_CANDIDATES });
    expect(read(OXY_GTIN)).toMatchObject({ kind: 'ndc', source: 'gtin-14', digits: '0406055201' });
  });
});

describe('GS1 element strings (DataMatrix, GS1-128)', () => {
  const full = { kind: 'ndc', source: 'gs1', digits: '0406055201', gtin: OXY_GTIN, candidates: OXY_CANDIDATES, lot: 'A1B2C3', expiry: '2027-06-30', serial: 'SN0042' };

  it.each([
    ['with ]d2 and FNC1 as GS', `]d201${OXY_GTIN}17270630${'10A1B2C3'}${GS}21SN0042`],
    ['with ]C1 (GS1-128)', `]C101${OXY_GTIN}17270630${'10A1B2C3'}${GS}21SN0042`],
    ['with ]Q3 (GS1 QR)', `]Q301${OXY_GTIN}17270630${'10A1B2C3'}${GS}21SN0042`],
    ['without a symbology identifier', `01${OXY_GTIN}1727063010A1B2C3${GS}21SN0042`],
    ['with a leading FNC1', `${GS}01${OXY_GTIN}1727063010A1B2C3${GS}21SN0042`],
    ['in another order', `01${OXY_GTIN}21SN0042${GS}1727063010A1B2C3`],
    ['serial before lot, both variable', `]d221SN0042${GS}10A1B2C3${GS}01${OXY_GTIN}17270630`],
    ['in the human-readable form', `(01)${OXY_GTIN}(17)270630(10)A1B2C3(21)SN0042`],
    ['with a scanner line end', `]d201${OXY_GTIN}1727063010A1B2C3${GS}21SN0042\r\n`],
  ])('%s', (_, input) => {
    expect(read(input)).toEqual(full);
  });

  it('takes a configured substitute for FNC1 (a keyboard-wedge scanner that cannot type GS)', () => {
    expect(read(`01${OXY_GTIN}1727063010A1B2C3~21SN0042`, ['~'])).toEqual(full);
    expect(read(`01${OXY_GTIN}1727063010A1B2C3<GS>21SN0042`, ['<GS>'])).toEqual(full);
  });

  it('reads day 00 of an expiration date as the last day of its month', () => {
    expect(read(`01${OXY_GTIN}17280200`)).toMatchObject({ expiry: '2028-02-29' });
    expect(read(`01${OXY_GTIN}17270200`)).toMatchObject({ expiry: '2027-02-28' });
    expect(gs1Date('261200', TODAY)).toBe('2026-12-31');
  });

  it('puts a two-digit year in the century nearest today', () => {
    expect(gs1Date('991231', TODAY)).toBe('1999-12-31');
    expect(gs1Date('760101', TODAY)).toBe('2076-01-01'); // 50 years ahead: this century
    expect(gs1Date('770101', TODAY)).toBe('1977-01-01'); // 51 ahead: the last one
  });

  it('keeps a GTIN alone (no lot, expiry or serial)', () => {
    expect(read(`]d201${OXY_GTIN}`)).toEqual({ kind: 'ndc', source: 'gs1', digits: '0406055201', gtin: OXY_GTIN, candidates: OXY_CANDIDATES });
  });
});

describe('a 3DS label', () => {
  it('opens its line item', () => {
    expect(labelCode(332)).toBe('3DS-LI-332');
    expect(read('3DS-LI-332')).toEqual({ kind: 'label', lineItemId: 332 });
    expect(read('3ds-li-17\r')).toEqual({ kind: 'label', lineItemId: 17 });
  });
});

describe('what is not an NDC, and why', () => {
  it.each([
    ['', 'Nothing was scanned.'],
    ['   ', 'Nothing was scanned.'],
    ['304060552013', 'The UPC-A 304060552013 has a wrong check digit (3; it should be 2): scan it again or type the NDC.'],
    ['036000291452', 'The UPC-A 036000291452 does not hold an NDC: a drug package\'s UPC-A starts with 3.'],
    ['00304060552013', 'The GTIN 00304060552013 has a wrong check digit (3; it should be 2): scan it again or type the NDC.'],
    ['00036000291452', 'The GTIN 00036000291452 does not hold an NDC: an NDC\'s GTIN has 03 after its indicator digit.'],
    ['4006381333931', '"4006381333931" is an EAN-13 barcode, not a drug package\'s UPC-A: type the NDC.'],
    ['040605520', '9 digits are not an NDC: an NDC has 10 or 11 digits, a UPC-A 12 and a GTIN 14.'],
    ['123456789012345', '15 digits are not an NDC: an NDC has 10 or 11 digits, a UPC-A 12 and a GTIN 14.'],
    ['0406-552-01', '"0406-552-01" is not an NDC: its segments have 4-3-2 digits; an NDC has 4-4-2, 5-3-2, 5-4-1 or (11 digits) 5-4-2.'],
    ['oxycodone', '"oxycodone" is not an NDC or a barcode 3DS reads: an NDC has 10 or 11 digits (with or without hyphens).'],
    ['0406-0552-0A', '"0406-0552-0A" is not an NDC or a barcode 3DS reads: an NDC has 10 or 11 digits (with or without hyphens).'],
    [`]d201${OXY_GTIN.slice(0, 10)}`, `The code is cut short: (01) needs 14 digits, it has "${OXY_GTIN.slice(0, 10)}".`],
    [`]d201${OXY_GTIN}17270`, 'The code is cut short: (17) needs 6 digits, it has "270".'],
    [`]d201${OXY_GTIN}17271340`, 'The expiration date (17) 271340 is not a date (YYMMDD).'],
    [`]d201${OXY_GTIN}17270231`, 'The expiration date (17) 270231 is not a date (YYMMDD).'],
    [`]d201${OXY_GTIN}9912345`, 'The code holds an application identifier 3DS does not read (9912…): scan the package\'s other barcode or type the NDC.'],
    [`]d201${OXY_GTIN}10${'L'.repeat(21)}`, 'The lot in the code is longer than 20 characters: the scanner may not be sending the group separator (FNC1).'],
    [`]d201${OXY_GTIN}10LOT1721SERIAL1727063000`, 'The lot in the code is longer than 20 characters: the scanner may not be sending the group separator (FNC1).'],
    [`]d201${OXY_GTIN}10${GS}21X`, 'The code\'s (10) is empty.'],
    [`]d201${OXY_GTIN}01${OXY_GTIN}`, 'The code holds application identifier (01) twice.'],
    [`]d21727063010LOT${GS}21X`, 'The code holds no GTIN (01), so no NDC: scan the package\'s other barcode or type the NDC.'],
    ['(01)00304060552012junk', 'The code holds an application identifier 3DS does not read (junk…): scan the package\'s other barcode or type the NDC.'],
    ['(01 00304060552012', '"(01 00304060552012" is not a GS1 code: write it as (01)…(17)…(10)…(21)…'],
    ['(01)0030406055201', 'The code is cut short: (01) needs 14 digits, it has "0030406055201".'],
  ])('%j', (input, reason) => {
    expect(read(input)).toEqual({ kind: 'invalid', reason });
  });
});
