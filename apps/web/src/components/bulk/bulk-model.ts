import { BULK_MAX_RECORDS, bulkSelectionTooLargeMessage, RECORD_KINDS, recordNoun, type BulkAction, type BulkEntity, type IncompleteLineItem } from '@3ds/domain';
import type { FindRequest } from '../../lib/records/list-state.ts';

export type { BulkAction, BulkEntity };
export { isBulkEntity } from '@3ds/domain';

/**
 * Bulk actions on a selection (`POST /3ds/api/{entity}/bulk`): the line-item, Yellow Bucket
 * line-item, container and Yellow Bucket container lists, and a container's line items. Plain
 * TypeScript — what is selected, the request body, the words of the confirmation and the summary —
 * so that it is unit-tested without a browser.
 */
/** Records picked one by one (across pages), or every record the list's find found. */
export type Selection = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'found'; count: number };

export const NO_SELECTION: Selection = { kind: 'ids', ids: new Set() };

export function selectionCount(selection: Selection): number {
  return selection.kind === 'found' ? selection.count : selection.ids.size;
}

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'found' || selection.ids.has(id);
}

/**
 * The selection after the page's checkboxes changed: `pageIds` are the rows on screen, `checked`
 * those now ticked. Unticking a row of "all found" leaves the rest of this page picked one by one.
 */
export function selectOnPage(selection: Selection, pageIds: readonly string[], checked: readonly string[]): Selection {
  const ids = new Set(selection.kind === 'ids' ? selection.ids : []);
  for (const id of pageIds) ids.delete(id);
  for (const id of checked) ids.add(id);
  return { kind: 'ids', ids };
}

/** Whether to offer "Select all N found": this page is all picked and the find holds more. */
export function offersSelectAllFound(selection: Selection, pageIds: readonly string[], foundCount: number): boolean {
  return selection.kind === 'ids' && pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id)) && foundCount > selection.ids.size;
}

/** The list's find as the bulk route takes it: exactly what the list sends. */
export interface BulkFind {
  quick: string;
  find: readonly FindRequest[];
}

export type BulkTarget = { containerId: string } | { jobId: string };

/**
 * Where the selection may move, when its records say: line items go to another container of their
 * own job, containers to another job of their registration. Known when every selected record on
 * screen shares it; otherwise the dialog offers every unlocked place and the server refuses each
 * record that may not go there.
 */
export interface MoveScope {
  jobId?: string | undefined;
  /** The line items' own container, which is no place to move them to. */
  containerId?: string | undefined;
  registrationNumber?: string | undefined;
}

/** The job (and registration) the selected rows on screen all share, if they share one. */
export function moveScopeOf(entity: BulkEntity, rows: readonly Record<string, string | number | null>[]): MoveScope {
  const shared = (field: string) => {
    const values = new Set(rows.map((row) => String(row[field] ?? '').trim()));
    const [only] = values;
    return values.size === 1 && only ? only : undefined;
  };
  if (entity === 'line-items') return { jobId: shared('id_Job'), containerId: shared('id_container') };
  if (entity === 'yb-line-items') return { jobId: shared('id_Job'), containerId: shared('Container ID') };
  return { jobId: shared('Job ID'), registrationNumber: shared('Registration Number') };
}

export function bulkBody(selection: Selection, listFind: BulkFind, action: BulkAction, extra: { target?: BulkTarget; fileType?: 'xlsx' | 'pdf' } = {}) {
  const quickFindCriteria = listFind.quick.trim();
  const chosen =
    selection.kind === 'ids'
      ? { ids: [...selection.ids] }
      : {
          find: {
            ...(quickFindCriteria ? { quickFindCriteria } : {}),
            ...(listFind.find.length > 0 ? { searchCriteria: listFind.find } : {}),
          },
        };
  return { action, ...chosen, ...(extra.target ? { target: extra.target } : {}), ...(extra.fileType ? { fileType: extra.fileType } : {}) };
}

/** "line item", "Yellow Bucket container" (record-kinds.ts). */
export function bulkNoun(entity: BulkEntity): string {
  return recordNoun(entity, 1);
}

/** "1 line item", "1,234 containers". */
export function countOf(entity: BulkEntity, count: number): string {
  return `${count.toLocaleString('en-US')} ${recordNoun(entity, count)}`;
}

export const ACTION_LABELS: Record<BulkAction, { verb: string; done: string }> = {
  lock: { verb: 'Lock', done: 'locked' },
  unlock: { verb: 'Unlock', done: 'unlocked' },
  move: { verb: 'Move', done: 'moved' },
  delete: { verb: 'Delete', done: 'deleted' },
  export: { verb: 'Export', done: 'exported' },
};

/** The confirmation's question, naming the count (a container's line items go with it, as one container's do). */
export function confirmQuestion(entity: BulkEntity, action: Exclude<BulkAction, 'move' | 'export'>, count: number): string {
  const withItems = RECORD_KINDS[entity].family === 'container' ? (count === 1 ? ' and its line items' : ' and their line items') : '';
  const question = `${ACTION_LABELS[action].verb} ${countOf(entity, count)}${withItems}?`;
  return action === 'delete' ? `${question} They are deleted for good; each deletion is kept in the history.` : question;
}

/** What stops the confirmation when the dry run found that none of the selection can be done. */
export function noneCanBeDone(entity: BulkEntity, action: BulkAction, forecast: Pick<BulkResult, 'done' | 'refused'> | undefined): string | undefined {
  if (!forecast || forecast.done > 0 || forecast.refused.length === 0) return undefined;
  const count = forecast.refused.length;
  const done = ACTION_LABELS[action].done;
  return count === 1 ? `The ${bulkNoun(entity)} cannot be ${done}: see why below.` : `None of the ${countOf(entity, count)} can be ${done}: see why below.`;
}

/** Why the selection cannot be acted on as a whole (shown before anything is sent), if it cannot. */
export function selectionRefusal(count: number): string | undefined {
  if (count > BULK_MAX_RECORDS) return bulkSelectionTooLargeMessage(count);
  return count === 0 ? 'Nothing is selected.' : undefined;
}

/** A record left as it was, with the code and message its single action would have answered. */
export interface BulkRefusal {
  recordId: string;
  code: string;
  message: string;
  /** A lock refused for incomplete line items: each of them and what it lacks. */
  incomplete?: IncompleteLineItem[] | undefined;
}

export interface BulkResult {
  done: number;
  refused: BulkRefusal[];
  link?: string | undefined;
}

/** "38 locked, 2 refused" — the summary's first line. */
export function summaryLine(action: BulkAction, result: Pick<BulkResult, 'done' | 'refused'>): string {
  const done = `${result.done.toLocaleString('en-US')} ${ACTION_LABELS[action].done}`;
  return result.refused.length > 0 ? `${done}, ${result.refused.length.toLocaleString('en-US')} refused` : done;
}
