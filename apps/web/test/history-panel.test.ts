import { formatTimestamp } from '@3ds/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { historyKeys, nextHistoryOffset } from '../src/components/history/api/get-history.ts';
import { changeText, historyTime } from '../src/components/history/history-format.ts';
import { recordsKeys } from '../src/lib/records/list-records.ts';

describe('history entries as the panel shows them', () => {
  it('a change reads "Field: before → after", empty as a dash', () => {
    expect(changeText({ field: 'Net Weight', before: '10', after: '12.5' })).toBe('Net Weight: 10 → 12.5');
    expect(changeText({ field: 'Pallet', before: null, after: 'P-1' })).toBe('Pallet: — → P-1');
    expect(changeText({ field: 'Pallet', before: 'P-1', after: null })).toBe('Pallet: P-1 → —');
  });

  it('a creation reads "Field: value", what the record started with', () => {
    expect(changeText({ field: 'Pallet', before: null, after: 'P-1' }, 'create')).toBe('Pallet: P-1');
    // Any other action keeps the arrow, even from an empty value.
    expect(changeText({ field: 'Pallet', before: null, after: 'P-1' }, 'edit')).toBe('Pallet: — → P-1');
  });

  it('times are local MM/DD/YYYY HH:MM:SS, as the app shows timestamps', () => {
    const at = '2026-03-04T05:06:07.000Z';
    expect(historyTime(at)).toBe(formatTimestamp(new Date(at)));
    expect(historyTime(at)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(historyTime('not a time')).toBe('not a time');
  });
});

describe('paging', () => {
  const page = (offset: number, count: number, total: number) => ({ offset, total, data: Array.from({ length: count }) as never[] });
  it('"Show more" asks for the entries after the ones shown, until all are', () => {
    expect(nextHistoryOffset(page(1, 20, 45))).toBe(21);
    expect(nextHistoryOffset(page(21, 20, 45))).toBe(41);
    expect(nextHistoryOffset(page(41, 5, 45))).toBeUndefined();
    expect(nextHistoryOffset(page(1, 0, 0))).toBeUndefined();
  });
});

describe('refreshing', () => {
  it('a mutation that invalidates the record, or its entity, invalidates its history too', async () => {
    const client = new QueryClient();
    const history = historyKeys.of('containers', '12');
    client.setQueryData(history, { pages: [], pageParams: [] });
    client.setQueryData(historyKeys.of('containers', '13'), { pages: [], pageParams: [] });
    await client.invalidateQueries({ queryKey: recordsKeys.record('containers', '12') });
    expect(client.getQueryState(history)?.isInvalidated).toBe(true);
    expect(client.getQueryState(historyKeys.of('containers', '13'))?.isInvalidated).toBe(false);
    client.setQueryData(history, { pages: [], pageParams: [] });
    await client.invalidateQueries({ queryKey: recordsKeys.entity('containers') });
    expect(client.getQueryState(history)?.isInvalidated).toBe(true);
    // Setting the record's own data (an answer that carries it) leaves the history alone.
    client.setQueryData(history, { pages: [], pageParams: [] });
    client.setQueryData(recordsKeys.record('containers', '12'), { recordId: '12' });
    expect(client.getQueryState(history)?.isInvalidated).toBe(false);
  });
});
