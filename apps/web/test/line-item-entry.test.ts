import { describe, expect, it } from 'vitest';
import { quickLineItemBody } from '../src/components/line-item-entry/api/create-line-item.ts';
import { parseNdcLookup, productLines } from '../src/components/line-item-entry/ndc-lookup-shape.ts';
import { findText, ndcOptionLabel, ndcSearchCriteria } from '../src/components/line-item-entry/ndc-search.ts';

/** What every new line item starts from: the NDC selector's find, the NDC lookup, the quick add's defaults. */

describe('NDC lookup answer', () => {
  it('reads the answer and tolerates missing parts', () => {
    const trade = parseNdcLookup({ hasFactor: true, packSizeLookup: 30, packSizeUoMLookup: 'U', schedule: '2', bulkKind: '' });
    expect(trade).toMatchObject({ hasFactor: true, packSizeLookup: 30, packSizeUoMLookup: 'U', schedule: '2', bulkKind: undefined });
    expect(parseNdcLookup({ bulkKind: 'raw-powder' }).bulkKind).toBe('raw-powder');
    expect(parseNdcLookup(null)).toMatchObject({ hasFactor: false, showUnitConverter: false, stages: [], uoms: [], packSizeLookup: '', bulkKind: undefined });
    expect(parseNdcLookup({ bulkKind: 'nonsense' }).bulkKind).toBeUndefined();
  });

  it('reads the product the NDC stands for', () => {
    const lookup = parseNdcLookup({ tradeName: 'OXYCODONE HCL', strength: '5 MG', form: 'TABLET', packageDescription: '100 TABLET in 1 BOTTLE', packSizeLookup: 100, packSizeUoMLookup: 'U' });
    expect(lookup.product).toEqual({ tradeName: 'OXYCODONE HCL', strength: '5 MG', form: 'TABLET', packageDescription: '100 TABLET in 1 BOTTLE' });
    expect(productLines(lookup)).toEqual({ name: 'OXYCODONE HCL', details: ['5 MG', 'TABLET', '100 TABLET in 1 BOTTLE'] });
    expect(parseNdcLookup(null).product).toEqual({ tradeName: '', strength: '', form: '', packageDescription: '' });
  });

  it('says the package by its size and unit when the dictionary has no description, and leaves out what it does not say', () => {
    expect(productLines(parseNdcLookup({ tradeName: 'MORPHINE', strength: ' ', packSizeLookup: 30, packSizeUoMLookup: 'U' }))).toEqual({ name: 'MORPHINE', details: ['30 U'] });
    expect(productLines(parseNdcLookup({ tradeName: 'FENTANYL POWDER', form: 'POWDER', packSizeLookup: '', packSizeUoMLookup: 'g' }))).toEqual({ name: 'FENTANYL POWDER', details: ['POWDER'] });
    expect(productLines(parseNdcLookup({}))).toEqual({ name: '', details: [] });
  });
});

describe('NDC search', () => {
  it('searches NDC or trade name and leaves out NDCs removed from ARCOS', () => {
    expect(ndcSearchCriteria('oxy')).toEqual([
      { omit: false, criteria: { 'NDC CODE LU': 'oxy' } },
      { omit: false, criteria: { 'Trade Name Final LU': 'oxy' } },
      { omit: true, criteria: { 'Removed From ARCOS': '1' } },
    ]);
  });

  it.each([
    ['oxycodone', 'oxycodone'],
    ['  00490-7131 ', '00490-7131'],
    [' 71842-0101-** ', '71842-0101-\\*\\*'],
    ['0.5 mg', '0\\.5 mg'],
    ['==x', '\\=\\=x'],
    ['"a"  =b', 'a \\=b'],
    ['a*b@c#', 'a\\*b\\@c\\#'],
    ['>5', '\\>5'],
    ['!dup', '\\!dup'],
    ['~x', '\\~x'],
    ['a?', 'a\\?'],
    ['a...b', 'a\\.\\.\\.b'],
    ['//', '\\/\\/'],
    ['"morphine sulfate"', 'morphine sulfate'],
    ['back\\slash', 'back\\\\slash'],
  ])('typed %j is searched as %j', (typed, sent) => {
    expect(findText(typed)).toBe(sent);
  });

  it('labels options with trade name and schedule when known', () => {
    expect(ndcOptionLabel('00490-7131-30', 'ZOLPIDEM TARTRATE', '4')).toBe('00490-7131-30 — ZOLPIDEM TARTRATE (Sch 4)');
    expect(ndcOptionLabel('00044-0725-03', 'VICODIN HP', '2')).toBe('00044-0725-03 — VICODIN HP (Sch 2)');
    expect(ndcOptionLabel('71842-0103-**', '', '')).toBe('71842-0103-**');
    expect(ndcOptionLabel('1', ' ', '')).toBe('1');
  });
});

describe('a line item added to a container', () => {
  it("takes the NDC's pack size and UoM, pack quantity 1 and fill 1", () => {
    expect(quickLineItemBody('48', '00490-7131-30', { packSizeLookup: 1000, packSizeUoMLookup: 'U' })).toEqual({
      containerId: 48,
      ndc: '00490-7131-30',
      packQuantity: 1,
      packSize: 1000,
      packSizeUoM: 'U',
      percentFill: 1,
    });
  });

  it('falls back to 1 and U when the dictionary has none', () => {
    expect(quickLineItemBody('48', 'X', { packSizeLookup: '', packSizeUoMLookup: '' })).toMatchObject({ packSize: 1, packSizeUoM: 'U' });
    expect(quickLineItemBody('48', 'X', { packSizeLookup: '', packSizeUoMLookup: '  ' })).toMatchObject({ packSize: 1, packSizeUoM: 'U' });
  });
});
