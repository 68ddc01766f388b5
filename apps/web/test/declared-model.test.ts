import { DECLARED_COLUMNS, DECLARED_MESSAGES, type DeclaredItemAnswer } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  declarationSummary,
  draftProblems,
  draftRowsOf,
  emptyRow,
  fileProblem,
  fillText,
  generalProblems,
  itemShownName,
  problemsOfRow,
  templateBlob,
} from '../src/features/jobs/declared-model.ts';

const item = (overrides: Partial<DeclaredItemAnswer> = {}): DeclaredItemAnswer => ({
  rowNo: 1,
  ndc: '00591-0385-01',
  description: null,
  lot: 'L1',
  packages: 2,
  packageSize: '100',
  partialFill: 0.125,
  dictionaryName: 'DIAZEPAM 5 MG',
  schedule: '4',
  ...overrides,
});

describe('the declared inventory editor', () => {
  it('edits the kept items as text and sends them back as they read', () => {
    const rows = draftRowsOf([item()]);
    expect(rows[0]).toMatchObject({ ndc: '00591-0385-01', description: '', lot: 'L1', packages: '2', packageSize: '100', partialFill: '12.5%' });
    expect(bodyOf(rows)).toEqual([{ ndc: '00591-0385-01', description: '', lot: 'L1', packages: '2', packageSize: '100', partialFill: '12.5%' }]);
    expect(draftProblems(rows)).toEqual([]);
  });

  it('starts with one empty row, and leaves empty rows out', () => {
    const rows = draftRowsOf([]);
    expect(rows).toHaveLength(1);
    expect(draftProblems([...rows, emptyRow()])).toEqual([]);
  });

  it('finds the problems the server would, by row', () => {
    const rows = [{ ...emptyRow(), ndc: '00591-0385-01', packages: '1' }, { ...emptyRow(), description: 'Tablets', packages: 'x' }];
    const problems = draftProblems(rows);
    expect(problems).toEqual([DECLARED_MESSAGES.packages('Row 2')]);
    expect(problemsOfRow(problems, 2)).toEqual(problems);
    expect(problemsOfRow(problems, 1)).toEqual([]);
    expect(problemsOfRow(['Row 12: x'], 1)).toEqual([]);
    expect(generalProblems([...problems, 'The declared inventory of job 3 was changed by someone else'])).toEqual(['The declared inventory of job 3 was changed by someone else']);
  });

  it('writes a fill as a percent', () => {
    expect(fillText(0.4)).toBe('40%');
    expect(fillText(0.1234)).toBe('12.34%');
    expect(fillText(null)).toBe('');
  });
});

describe('the declared inventory card', () => {
  it('names an item by its description, else the dictionary', () => {
    expect(itemShownName(item())).toBe('DIAZEPAM 5 MG');
    expect(itemShownName(item({ description: 'Valium' }))).toBe('Valium');
    expect(itemShownName(item({ ndc: null, dictionaryName: null }))).toBe('');
  });

  it('says how many items came from where', () => {
    expect(declarationSummary({ items: [], source: null, modifiedBy: null })).toBe('Nothing declared yet');
    expect(declarationSummary({ items: [item()], source: 'typed', modifiedBy: 'clerk' })).toBe('1 item, typed by clerk');
    expect(declarationSummary({ items: [item(), item()], source: 'list.xlsx', modifiedBy: 'clerk' })).toBe('2 items, from list.xlsx by clerk');
  });

  it('offers the template with the columns in order', async () => {
    const text = await templateBlob().text();
    expect(text.split('\r\n')[0]).toBe(DECLARED_COLUMNS.map((column) => column.label).join(','));
  });

  it('refuses a file that is no sheet, too large or empty before sending it', () => {
    const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
    expect(fileProblem(file('list.xlsx', 10), 100)).toBeUndefined();
    expect(fileProblem(file('list.CSV', 10), 100)).toBeUndefined();
    expect(fileProblem(file('list.pdf', 10), 100)).toMatch(/not an Excel workbook/);
    expect(fileProblem(file('list.csv', 101), 100)).toMatch(/larger than/);
    expect(fileProblem(file('list.csv', 0), 100)).toMatch(/empty/);
  });
});
