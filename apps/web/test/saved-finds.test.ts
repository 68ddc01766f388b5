import { CATALOGUE } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { savedFindFrom } from '../src/components/list-screen/api/saved-finds.ts';
import { DEFAULT_LIST_STATE, parseListState } from '../src/lib/records/list-state.ts';
import { canSaveFind, describeSavedFind, savedFindSearch } from '../src/components/list-screen/saved-finds.ts';

const fields = CATALOGUE.jobs.fields;
const saved = {
  quick: 'acme',
  find: [{ omit: false, criteria: { 'Registration::State': 'NJ' } }],
  sort: [{ fieldName: 'Job Name', sortOrder: 'descend' as const }],
};

describe('saved finds on the list screen', () => {
  it('saves only a list with a quick find, find requests or a sort', () => {
    expect(canSaveFind(DEFAULT_LIST_STATE)).toBe(false);
    expect(canSaveFind({ ...DEFAULT_LIST_STATE, quick: '   ' })).toBe(false);
    expect(canSaveFind({ ...DEFAULT_LIST_STATE, quick: 'a' })).toBe(true);
    expect(canSaveFind({ ...DEFAULT_LIST_STATE, sort: saved.sort })).toBe(true);
    expect(canSaveFind({ ...DEFAULT_LIST_STATE, find: saved.find })).toBe(true);
  });

  it('describes what a saved find holds with the fields’ labels', () => {
    expect(describeSavedFind(saved, fields)).toBe('Quick find "acme" · Find: Registration::State = NJ · Sorted by Name (descending)');
    expect(describeSavedFind({ quick: '', find: [], sort: [{ fieldName: 'Unknown', sortOrder: 'ascend' }] }, fields)).toBe('Sorted by Unknown');
  });

  it('recalls a saved find as the list’s address: its state from page 1, the page size and other parameters kept', () => {
    const current = { ...DEFAULT_LIST_STATE, page: 3, size: 25 as const, quick: 'old' };
    const search = savedFindSearch(current, saved, new URLSearchParams('page=3&size=25&q=old&keep=1'));
    const params = new URLSearchParams(search);
    expect(params.get('keep')).toBe('1');
    expect(parseListState(params)).toEqual({ page: 1, size: 25, quick: 'acme', find: saved.find, sort: saved.sort });
    expect(savedFindSearch(DEFAULT_LIST_STATE, { quick: '', find: [], sort: [] })).toBe('');
  });

  it('reads the server’s saved find as the list reads its address, and refuses another shape', () => {
    const find = savedFindFrom({
      id: 4,
      entity: 'jobs',
      name: 'NJ',
      quickFind: 'acme',
      requests: [{ omit: true, criteria: { 'Days Left': 7, Flag: true } }],
      sort: [{ fieldName: 'Job Name', sortOrder: 'descend' }],
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(find).toEqual({ id: 4, entity: 'jobs', name: 'NJ', quick: 'acme', find: [{ omit: true, criteria: { 'Days Left': '7' } }], sort: saved.sort });
    expect(() => savedFindFrom({ id: '4', name: 'x' })).toThrow(/unexpected shape/);
  });
});
