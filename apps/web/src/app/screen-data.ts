import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { hiddenColumnsQueryOptions } from '../components/list-screen/api/list-columns.ts';
import { getRecordQueryOptions } from '../components/record-view/api/get-record.ts';
import { listRecordsQueryOptions } from '../lib/records/list-records.ts';
import { isBeingDeleted } from '../lib/records/deleting-records.ts';
import { parseListState } from '../lib/records/list-state.ts';
import { getSession } from '../session/session.ts';
import type { ScreenReads } from './screens.ts';

/**
 * What a screen reads first, started by its route's loader as the navigation begins — beside the
 * screen's code rather than after it, which is when the screen itself would ask. The screen's own
 * query then finds the answer on its way (or already there) and asks for nothing more. Nothing is
 * awaited: the navigation waits for the code alone, and the screen shows its loaders if the answer
 * is slower. A failure is left to the screen, which reads again and says what went wrong, once.
 * The person waits for these reads, so the progress bar counts them from the start: a change of the
 * list's find or page commits at once (its code is there), and its read is then the only sign that
 * the Enter or the click was taken.
 */
export function prefetchScreenData(queryClient: QueryClient, reads: ScreenReads, params: Params, url: URL): void {
  // Without a session the signed-in area's guard sends the visitor to the login screen instead.
  if (!getSession()) return;
  const meta = { handlesErrors: true };
  if ('list' in reads) {
    const list = listRecordsQueryOptions(reads.list, parseListState(url.searchParams));
    void queryClient.prefetchQuery({ ...list, meta: { ...list.meta, ...meta } });
    const columns = hiddenColumnsQueryOptions(reads.list);
    void queryClient.prefetchQuery({ ...columns, meta: { ...columns.meta, ...meta } });
    return;
  }
  const id = params['id'];
  if (!id) return;
  const record = getRecordQueryOptions(reads.record, id);
  if (isBeingDeleted(record.queryKey)) return;
  void queryClient.prefetchQuery({ ...record, meta: { ...record.meta, ...meta } });
}
