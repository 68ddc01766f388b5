import { describe, expect, it } from 'vitest';
import {
  bulkBody,
  confirmQuestion,
  countOf,
  isBulkEntity,
  moveScopeOf,
  offersSelectAllFound,
  selectionCount,
  selectionRefusal,
  selectOnPage,
  noneCanBeDone,
  summaryLine,
  type Selection,
} from '../src/components/bulk/bulk-model.ts';
import { parseBulkResult } from '../src/components/bulk/api/run-bulk-action.ts';
import { moveTargetSource } from '../src/components/bulk/api/bulk-move-targets.ts';

const ids = (...values: string[]): Selection => ({ kind: 'ids', ids: new Set(values) });

describe('a selection', () => {
  it('keeps what was picked on other pages when this page changes', () => {
    const next = selectOnPage(ids('1', '2', '9'), ['1', '2', '3'], ['2', '3']);
    expect(next).toEqual(ids('9', '2', '3'));
    expect(selectionCount(next)).toBe(3);
  });

  it('becomes this page picked one by one when a row of "all found" is unticked', () => {
    expect(selectOnPage({ kind: 'found', count: 500 }, ['1', '2', '3'], ['1', '3'])).toEqual(ids('1', '3'));
  });

  it('offers "select all N found" once the whole page is picked and the find holds more', () => {
    expect(offersSelectAllFound(ids('1', '2'), ['1', '2'], 40)).toBe(true);
    expect(offersSelectAllFound(ids('1'), ['1', '2'], 40)).toBe(false);
    expect(offersSelectAllFound(ids('1', '2'), ['1', '2'], 2)).toBe(false);
    expect(offersSelectAllFound({ kind: 'found', count: 40 }, ['1', '2'], 40)).toBe(false);
  });

  it('is refused as a whole over 10,000 records or when empty, saying so', () => {
    expect(selectionRefusal(10_000)).toBeUndefined();
    expect(selectionRefusal(10_001)).toBe('A selection may hold at most 10,000 records; this one holds 10,001. Narrow the find or select fewer.');
    expect(selectionRefusal(0)).toBe('Nothing is selected.');
  });
});

describe('the bulk request', () => {
  it('sends the ids picked, or the list\'s own find for "all found"', () => {
    expect(bulkBody(ids('4', '7'), { quick: 'x', find: [] }, 'lock')).toEqual({ action: 'lock', ids: ['4', '7'] });
    const find = [{ omit: false, criteria: { 'NDC Number': '00406' } }];
    expect(bulkBody({ kind: 'found', count: 3 }, { quick: ' oxy ', find }, 'move', { target: { containerId: '5' } })).toEqual({
      action: 'move',
      find: { quickFindCriteria: 'oxy', searchCriteria: find },
      target: { containerId: '5' },
    });
    expect(bulkBody({ kind: 'found', count: 3 }, { quick: '', find: [] }, 'export', { fileType: 'pdf' })).toEqual({ action: 'export', find: {}, fileType: 'pdf' });
  });

  it('is offered on the four lists of line items and containers only', () => {
    expect(isBulkEntity('yb-containers')).toBe(true);
    expect(isBulkEntity('jobs')).toBe(false);
  });

  it('reads the answer, with the export\'s link', () => {
    expect(parseBulkResult({ done: 2, refused: [{ recordId: '3', code: 'LOCKED', message: 'Container 1 is locked.' }] })).toEqual({
      done: 2,
      refused: [{ recordId: '3', code: 'LOCKED', message: 'Container 1 is locked.' }],
      link: undefined,
    });
    expect(parseBulkResult({ done: 1, refused: [], data: [{ fieldData: { Container: '/3ds/api/files/1/export.pdf?sig=x' } }] }).link).toBe('/3ds/api/files/1/export.pdf?sig=x');
    expect(() => parseBulkResult({ done: '2' })).toThrow(/unexpected shape/);
  });

  it('reads a refused lock with the line items it lacks, and refuses a refusal of another shape', () => {
    const incomplete = [{ recordId: '8', yellowBucket: false, containerId: '3', containerName: 'Tote 1', ndc: '00406-0552-01', lot: 'L1', problems: ['Pack Quantity'] }];
    const refused = [{ recordId: '3', code: 'INCOMPLETE', message: 'Container 3 has incomplete line items.', incomplete }];
    expect(parseBulkResult({ done: 0, refused }).refused).toEqual(refused);
    expect(() => parseBulkResult({ done: 0, refused: [{ recordId: 3, code: 'LOCKED', message: 'x' }] })).toThrow(/unexpected shape/);
    expect(() => parseBulkResult({ done: 0, refused: [{ ...refused[0], incomplete: [{ recordId: '8' }] }] })).toThrow(/unexpected shape/);
  });

  it('looks for move targets among unlocked containers of the same kind, or unlocked jobs still registered', () => {
    expect(moveTargetSource('yb-line-items').entity).toBe('yb-containers');
    expect(moveTargetSource('containers', {}, '2026-11-25')).toEqual({
      entity: 'jobs',
      find: [{ omit: false, criteria: { 'Locked Job': 'No', 'Date Destroyed': '=', 'Registration::Expiration Date': '>=11/25/2026' } }],
    });
  });

  it('keeps a move within the job (line items) or the registration (containers) the selection shares', () => {
    const items = [
      { id_Job: 7, id_container: 3 },
      { id_Job: 7, id_container: 4 },
    ];
    expect(moveScopeOf('line-items', items)).toEqual({ jobId: '7', containerId: undefined });
    expect(moveScopeOf('line-items', [...items, { id_Job: 8, id_container: 9 }])).toEqual({ jobId: undefined, containerId: undefined });
    expect(moveTargetSource('line-items', { jobId: '7', containerId: '3' }).find).toEqual([
      { omit: false, criteria: { 'Locked Container': 'No', 'Job::Locked Job': 'No', 'Job ID': '==7' } },
      { omit: true, criteria: { Container_PK_ID: '==3' } },
    ]);
    const scope = moveScopeOf('containers', [{ 'Job ID': 5, 'Registration Number': 'RN1' }]);
    expect(scope).toEqual({ jobId: '5', registrationNumber: 'RN1' });
    expect(moveTargetSource('containers', scope, '2026-11-25').find).toEqual([
      { omit: false, criteria: { 'Locked Job': 'No', 'Date Destroyed': '=', 'Registration::Expiration Date': '>=11/25/2026', 'Registration Number': '==RN1' } },
      { omit: true, criteria: { __PKJobID: '==5' } },
    ]);
  });
});

describe('the words', () => {
  it('name the count in the question and the summary', () => {
    expect(countOf('line-items', 1)).toBe('1 line item');
    expect(countOf('yb-containers', 1234)).toBe('1,234 Yellow Bucket containers');
    expect(confirmQuestion('line-items', 'lock', 40)).toBe('Lock 40 line items?');
    expect(confirmQuestion('containers', 'delete', 2)).toMatch(/^Delete 2 containers and their line items\? They are deleted for good/);
    expect(confirmQuestion('yb-containers', 'lock', 1)).toBe('Lock 1 Yellow Bucket container and its line items?');
    expect(summaryLine('lock', { done: 38, refused: [{ recordId: '1', code: 'LOCKED', message: '' }, { recordId: '2', code: 'LOCKED', message: '' }] })).toBe('38 locked, 2 refused');
    expect(summaryLine('delete', { done: 5, refused: [] })).toBe('5 deleted');
  });

  it('say before a confirmation when none of the selection can be done', () => {
    const refused = (n: number) => Array.from({ length: n }, (_, i) => ({ recordId: String(i), code: 'INCOMPLETE', message: '' }));
    expect(noneCanBeDone('containers', 'lock', { done: 0, refused: refused(3) })).toBe('None of the 3 containers can be locked: see why below.');
    expect(noneCanBeDone('line-items', 'delete', { done: 0, refused: refused(1) })).toBe('The line item cannot be deleted: see why below.');
    expect(noneCanBeDone('line-items', 'lock', { done: 2, refused: refused(1) })).toBeUndefined();
    expect(noneCanBeDone('line-items', 'lock', undefined)).toBeUndefined();
  });

  it('ask the dry run with the same body as the action', () => {
    expect(bulkBody({ kind: 'ids', ids: new Set(['4']) }, { quick: '', find: [] }, 'move', { target: { containerId: '9' } })).toEqual({ action: 'move', ids: ['4'], target: { containerId: '9' } });
  });
});
