import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getRecordQueryOptions } from '../src/components/record-view/api/get-record.ts';
import { deleteRefused, forgetDeletedRecord, isBeingDeleted, markDeleting } from '../src/lib/records/deleting-records.ts';
import { recordsKeys } from '../src/lib/records/list-records.ts';

/** A record query on screen whose reads are counted instead of sent. */
function recordOnScreen(client: QueryClient, id: string) {
  let reads = 0;
  const options = { ...getRecordQueryOptions('containers', id), queryFn: async () => ({ reads: ++reads }) as never, retry: false };
  const observer = new QueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => {});
  return { reads: () => reads, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a record whose delete is on its way', () => {
  it('is not read again by a live change while its screen is open, and is read again once its delete failed', async () => {
    const client = new QueryClient();
    const screen = recordOnScreen(client, '41');
    await settle();
    expect(screen.reads()).toBe(1);

    // Every record query is invalidated, as a live change does: the record is read again.
    await client.invalidateQueries({ queryKey: recordsKeys.all });
    expect(screen.reads()).toBe(2);

    markDeleting('containers', '41');
    expect(isBeingDeleted(recordsKeys.record('containers', '41'))).toBe(true);
    expect(isBeingDeleted(recordsKeys.record('containers', '42'))).toBe(false);
    await client.invalidateQueries({ queryKey: recordsKeys.all });
    await client.refetchQueries({ queryKey: recordsKeys.all, type: 'active' });
    await settle();
    expect(screen.reads()).toBe(2);

    // The delete was refused: the record is read again at once (a change may have come meanwhile),
    // and follows changes again.
    await deleteRefused(client, 'containers', '41');
    await settle();
    expect(screen.reads()).toBe(3);
    await client.invalidateQueries({ queryKey: recordsKeys.all });
    await settle();
    expect(screen.reads()).toBe(4);
    screen.unsubscribe();
  });

  it('is forgotten once its screen is left, not before: a later visit reads it again', async () => {
    const client = new QueryClient();
    const screen = recordOnScreen(client, '7');
    await settle();
    markDeleting('containers', '7');
    // The delete succeeded while its screen still shows it: kept, and not read.
    forgetDeletedRecord(client, 'containers', '7');
    await client.invalidateQueries({ queryKey: recordsKeys.all });
    await settle();
    expect(screen.reads()).toBe(1);
    expect(client.getQueryData(recordsKeys.record('containers', '7'))).toBeDefined();
    // The screen is left: forgotten.
    screen.unsubscribe();
    expect(client.getQueryData(recordsKeys.record('containers', '7'))).toBeUndefined();
    expect(isBeingDeleted(recordsKeys.record('containers', '7'))).toBe(false);
    const again = recordOnScreen(client, '7');
    await settle();
    expect(again.reads()).toBe(1);
    again.unsubscribe();
  });

  it('deleted where no screen shows it, it is forgotten at once', () => {
    const client = new QueryClient();
    client.setQueryData(recordsKeys.record('containers', '8'), { reads: 0 });
    markDeleting('containers', '8');
    forgetDeletedRecord(client, 'containers', '8');
    expect(client.getQueryData(recordsKeys.record('containers', '8'))).toBeUndefined();
    expect(isBeingDeleted(recordsKeys.record('containers', '8'))).toBe(false);
  });
});
