import type { FieldSpec } from '@3ds/domain';
import { describeRequests } from './find-tags.ts';
import { changeListState, listStateToParams, type FindRequest, type ListState, type SortSpec } from '../../lib/records/list-state.ts';

/**
 * What a saved find holds, in words, for the menu and the dialogs: `Quick find "acme" · Find:
 * State: NJ · Sorted by Name (descending)`. Pure, so it is unit-tested without a browser.
 */
export function describeSavedFind(find: { quick: string; find: FindRequest[]; sort: SortSpec[] }, fields: readonly FieldSpec[]): string {
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const parts: string[] = [];
  if (find.quick.trim() !== '') parts.push(`Quick find "${find.quick.trim()}"`);
  if (find.find.length > 0) parts.push(`Find: ${describeRequests(find.find)}`);
  if (find.sort.length > 0) {
    parts.push(`Sorted by ${find.sort.map((s) => `${label(s.fieldName)}${s.sortOrder === 'descend' ? ' (descending)' : ''}`).join(', ')}`);
  }
  return parts.join(' · ');
}

/**
 * The address of a saved find on its list (also its shareable link): the list's own state with the
 * saved find, sort and quick find, from the first page; the page size and other parameters stay.
 */
export function savedFindSearch(current: ListState, saved: { quick: string; find: FindRequest[]; sort: SortSpec[] }, base?: URLSearchParams): string {
  const next = changeListState(current, { quick: saved.quick, find: saved.find, sort: saved.sort });
  const params = listStateToParams(next, base).toString();
  return params ? `?${params}` : '';
}

/** A list state with something worth saving: a quick find, find requests or a sort. */
export function canSaveFind(state: Pick<ListState, 'quick' | 'find' | 'sort'>): boolean {
  return state.quick.trim() !== '' || state.find.length > 0 || state.sort.length > 0;
}
