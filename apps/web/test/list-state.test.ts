import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_STATE,
  changeListState,
  hasActiveFind,
  listStateToParams,
  pageOffset,
  parseFind,
  parseListState,
  parseSort,
  type ListState,
} from '../src/lib/records/list-state.ts';

const state = (overrides: Partial<ListState> = {}): ListState => ({ ...DEFAULT_LIST_STATE, ...overrides });

describe('list state in the URL', () => {
  it('reads defaults from an empty query string and writes none back', () => {
    expect(parseListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(DEFAULT_LIST_STATE.size).toBe(50);
  });

  it('round-trips every part: page, size, sort, quick text, find requests (with omit)', () => {
    const full = state({
      page: 3,
      size: 25,
      sort: [{ fieldName: 'Registration::Expiration Date', sortOrder: 'descend' }],
      quick: 'north wind & co',
      find: [
        { omit: false, criteria: { 'Company Name': 'acme', State: 'NJ' } },
        { omit: true, criteria: { City: 'Trenton' } },
      ],
    });
    const params = listStateToParams(full);
    expect(params.get('q')).toBe('north wind & co');
    expect(params.get('page')).toBe('3');
    expect(params.get('size')).toBe('25');
    expect(JSON.parse(params.get('sort')!)).toEqual(full.sort);
    expect(JSON.parse(params.get('find')!)).toEqual(full.find);
    // Through the address bar and back.
    const reread = parseListState(new URLSearchParams(`?${params.toString()}`));
    expect(reread).toEqual(full);
    expect(listStateToParams(reread).toString()).toBe(params.toString());
  });

  it('keeps query parameters that are not list state', () => {
    const params = listStateToParams(state({ page: 2 }), new URLSearchParams('tab=yb&page=9'));
    expect(params.get('tab')).toBe('yb');
    expect(params.get('page')).toBe('2');
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['size=33', { size: 50 }],
    ['size=100', { size: 100 }],
    ['size=10', { size: 10 }],
    ['sort=not-json', { sort: [] }],
    ['find=%7B%7D', { find: [] }],
  ])('falls back to defaults for a bad %s', (query, expected) => {
    expect(parseListState(new URLSearchParams(query))).toMatchObject(expected);
  });

  it('drops malformed sort keys and find requests rather than send them', () => {
    expect(parseSort(JSON.stringify([{ fieldName: 'City' }, { fieldName: '' }, 7, { fieldName: 'Zip', sortOrder: 'descend' }]))).toEqual([
      { fieldName: 'City', sortOrder: 'ascend' },
      { fieldName: 'Zip', sortOrder: 'descend' },
    ]);
    expect(
      parseFind(
        JSON.stringify([
          { omit: 'true', criteria: { ID: 12, City: 'x', Bad: { a: 1 } } },
          { omit: false, criteria: {} },
          { criteria: 'nope' },
        ]),
      ),
    ).toEqual([{ omit: true, criteria: { ID: '12', City: 'x' } }]);
  });

  it('goes back to page 1 when the find, sort or page size changes', () => {
    const onPage4 = state({ page: 4 });
    expect(changeListState(onPage4, { quick: 'x' }).page).toBe(1);
    expect(changeListState(onPage4, { size: 10 }).page).toBe(1);
    expect(changeListState(onPage4, { sort: [{ fieldName: 'City', sortOrder: 'ascend' }] }).page).toBe(1);
    expect(changeListState(onPage4, { find: [] }).page).toBe(1);
    expect(changeListState(onPage4, { page: 5 }).page).toBe(5);
  });

  it('knows when a find is active', () => {
    expect(hasActiveFind(state())).toBe(false);
    expect(hasActiveFind(state({ quick: '  ' }))).toBe(false);
    expect(hasActiveFind(state({ quick: 'a' }))).toBe(true);
    expect(hasActiveFind(state({ find: [{ omit: true, criteria: { A: 'b' } }] }))).toBe(true);
  });

  it('sends the 1-based offset, none on the first page', () => {
    expect(pageOffset(1, 50)).toBeUndefined();
    expect(pageOffset(2, 50)).toBe(51);
    expect(pageOffset(3, 25)).toBe(51);
  });
});
