import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  DECLARED_COLUMNS,
  DECLARED_MAX_ITEMS,
  DECLARED_MESSAGES,
  DECLARED_TEMPLATE_CSV,
  declaredItemName,
  isBlankDeclaredInput,
  lockRefusal,
  readDeclaredItem,
  readDeclaredItems,
  readDeclaredSheet,
  readPartialFill,
} from '../../src/index.ts';

describe('a declared item', () => {
  it('keeps its NDC as the dictionary writes it, with lot, packages, size and partial fill', () => {
    expect(readDeclaredItem({ ndc: '0591-0405-01', description: ' Hydrocodone/APAP ', lot: 'AB12', packages: '2', packageSize: '100', partialFill: '40%' }, 'Row 2')).toEqual({
      item: { ndc: '00591-0405-01', description: 'Hydrocodone/APAP', lot: 'AB12', packages: 2, packageSize: '100', partialFill: 0.4 },
    });
    expect(readDeclaredItem({ ndc: '00591040501', packages: 3 }, 'Row 1')).toEqual({
      item: { ndc: '00591-0405-01', description: null, lot: null, packages: 3, packageSize: null, partialFill: null },
    });
  });

  it('is named by its NDC or described', () => {
    expect(readDeclaredItem({ description: 'Unlabelled tablets', packages: 1 }, 'Row 4')).toMatchObject({ item: { ndc: null, description: 'Unlabelled tablets' } });
    expect(readDeclaredItem({ packages: 1 }, 'Row 4')).toEqual({ problems: [DECLARED_MESSAGES.ndcOrDescription('Row 4')] });
  });

  it('refuses an NDC that is not one, naming the row', () => {
    const read = readDeclaredItem({ ndc: 'hydrocodone', packages: 1 }, 'Row 7');
    expect('problems' in read && read.problems[0]).toMatch(/^Row 7: /);
  });

  it('says a spreadsheet may have dropped the leading zeros of a short NDC', () => {
    expect(readDeclaredItem({ ndc: '591040501', packages: 1 }, 'Row 3')).toEqual({ problems: [DECLARED_MESSAGES.ndcShort('Row 3', '591040501')] });
  });

  it('refuses a 10-digit NDC without hyphens, which reads three ways', () => {
    expect(readDeclaredItem({ ndc: '0591040501', packages: 1 }, 'Row 3')).toEqual({ problems: [DECLARED_MESSAGES.ndcAmbiguous('Row 3', '0591040501')] });
  });

  it('takes whole packages as numbers or text, with thousands separators', () => {
    for (const [packages, expected] of [
      [12, 12],
      ['12', 12],
      ['1,200', 1200],
      ['12.0', 12],
      ['0', 0],
    ] as const) {
      expect(readDeclaredItem({ ndc: '00591-0405-01', packages, partialFill: '10' }, 'Row 1')).toMatchObject({ item: { packages: expected } });
    }
    for (const packages of [1.5, -1, '1.5', 'two', '1,20', 1_000_000, '12,34,567']) {
      expect(readDeclaredItem({ ndc: '00591-0405-01', packages }, 'Row 1'), String(packages)).toEqual({ problems: [DECLARED_MESSAGES.packages('Row 1')] });
    }
  });

  it('declares at least a package or an opened one', () => {
    expect(readDeclaredItem({ ndc: '00591-0405-01', packages: 0 }, 'Row 9')).toEqual({ problems: [DECLARED_MESSAGES.nothing('Row 9')] });
    expect(readDeclaredItem({ ndc: '00591-0405-01', packages: '', partialFill: '25%' }, 'Row 9')).toMatchObject({ item: { packages: 0, partialFill: 0.25 } });
  });

  it('reports every problem of the row at once', () => {
    const read = readDeclaredItem({ ndc: 'x', packages: 'many', partialFill: '150%', lot: 'L'.repeat(61) }, 'Row 5');
    expect('problems' in read && read.problems).toHaveLength(4);
  });
});

describe('a partial fill', () => {
  it('is a percent above 0 and below 100, written as a percent or as a fraction below 1', () => {
    expect(readPartialFill('40')).toBe(0.4);
    expect(readPartialFill('40%')).toBe(0.4);
    expect(readPartialFill(' 12.5 % ')).toBe(0.125);
    expect(readPartialFill('0.4')).toBe(0.4);
    expect(readPartialFill(0.4)).toBe(0.4);
    expect(readPartialFill(40)).toBe(0.4);
    expect(readPartialFill('.5')).toBe(0.5);
    expect(readPartialFill('0.5%')).toBe(0.005);
  });

  it('is none when empty', () => {
    for (const value of [undefined, null, '', '  ']) expect(readPartialFill(value)).toBeNull();
  });

  it('is refused at 0, at 100% or more, or when not a number', () => {
    for (const value of ['0', '0%', '100', '100%', 120, -5, 'half', '40%%', Number.NaN, true]) expect(readPartialFill(value), String(value)).toBeUndefined();
  });
});

describe('a typed list', () => {
  it('leaves out blank rows and names each problem by its row', () => {
    const read = readDeclaredItems([{ ndc: '00591-0405-01', packages: 1 }, {}, { description: '', ndc: ' ' }, { ndc: 'bad', packages: 1 }]);
    expect(read).toEqual({ problems: [expect.stringMatching(/^Row 4: /)] });
    expect(readDeclaredItems([{ ndc: '00591-0405-01', packages: 1 }, { packages: null }])).toEqual({
      items: [{ ndc: '00591-0405-01', description: null, lot: null, packages: 1, packageSize: null, partialFill: null }],
    });
  });

  it('holds at most the limit', () => {
    const many = Array.from({ length: DECLARED_MAX_ITEMS + 1 }, () => ({ description: 'Tablets', packages: 1 }));
    expect(readDeclaredItems(many)).toEqual({ problems: [DECLARED_MESSAGES.tooMany(DECLARED_MAX_ITEMS + 1)] });
    expect('items' in readDeclaredItems(many.slice(1))).toBe(true);
  });

  it('knows a blank row', () => {
    expect(isBlankDeclaredInput({ ndc: ' ', packages: '' })).toBe(true);
    expect(isBlankDeclaredInput({ packages: 0 })).toBe(false);
  });
});

describe('a sheet', () => {
  it('reads the columns by their headings, in any order, and names problems by the sheet row', () => {
    const read = readDeclaredSheet([
      ['Qty', 'Lot Number', 'NDC #', 'Strength'],
      ['2', 'AB1', '00591-0405-01', '5 mg'],
      ['', '', '', ''],
      ['x', 'AB2', '00591-0405-01', '5 mg'],
    ]);
    expect(read.ignoredColumns).toEqual(['Strength']);
    expect(read.read).toEqual({ problems: [DECLARED_MESSAGES.packages('Row 4')] });
  });

  it('reads the template', () => {
    const rows = DECLARED_TEMPLATE_CSV.trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual(DECLARED_COLUMNS.map((column) => column.label));
    expect(readDeclaredSheet(rows).read).toEqual({
      items: [{ ndc: '00591-0405-01', description: 'Hydrocodone/APAP 5/325 mg tablets', lot: 'AB1234', packages: 2, packageSize: '100', partialFill: 0.4 }],
    });
  });

  it('starts at its first non-empty row', () => {
    const read = readDeclaredSheet([[], ['', ''], ['Description', 'Packages'], ['Tablets', '']]);
    expect(read.read).toEqual({ problems: [DECLARED_MESSAGES.nothing('Row 4')] });
  });

  it('needs an NDC or Description column and a Packages column', () => {
    expect(readDeclaredSheet([['Lot', 'Packages'], ['A', '1']]).read).toEqual({ problems: [DECLARED_MESSAGES.missingColumns(['NDC or Description'])] });
    expect(readDeclaredSheet([['NDC', 'Lot'], ['00591-0405-01', 'A']]).read).toEqual({ problems: [DECLARED_MESSAGES.missingColumns(['Packages'])] });
    expect(readDeclaredSheet([['Drug code', 'Amount'], ['1', '2']]).read).toEqual({ problems: [DECLARED_MESSAGES.noHeadings] });
  });

  it('refuses a column given twice', () => {
    expect(readDeclaredSheet([['NDC', 'Packages', 'Qty'], ['00591-0405-01', '1', '2']]).read).toEqual({
      problems: [DECLARED_MESSAGES.columnTwice('Packages', ['Packages', 'Qty'])],
    });
  });

  it('refuses a sheet without items', () => {
    expect(readDeclaredSheet([]).read).toEqual({ problems: [DECLARED_MESSAGES.empty] });
    expect(readDeclaredSheet([['NDC', 'Packages'], ['', '']]).read).toEqual({ problems: [DECLARED_MESSAGES.empty] });
  });

  it('reads cells a shorter row lacks as empty', () => {
    expect(readDeclaredSheet([['Description', 'Packages', 'Lot'], ['Tablets', '3']]).read).toMatchObject({ items: [{ description: 'Tablets', packages: 3, lot: null }] });
  });
});

describe('the declare action', () => {
  it('needs CREATE_JOB and is refused on a locked or final job', () => {
    expect(ACTIONS['job.declare'].privilege).toBe('CREATE_JOB');
    expect(lockRefusal('job.declare', { record: true })).toBe('record');
    expect(lockRefusal('job.declare', { record: false, final: { dateDestroyed: '2026-01-02', form41: false, reported: false } })).toBe('final');
    expect(lockRefusal('job.declare', { record: false })).toBeUndefined();
  });
});

it('names an item by its description, else its NDC', () => {
  expect(declaredItemName({ ndc: '00591-0405-01', description: null })).toBe('00591-0405-01');
  expect(declaredItemName({ ndc: '00591-0405-01', description: 'Tablets' })).toBe('Tablets');
});
