import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recordsKeys } from '../../lib/records/list-records.ts';
import { apiUrl } from '../../lib/api-client.ts';
import { LiveEvents } from '../../lib/live-events/live-events.ts';
import { recordChanges } from '../../lib/live-events/record-changes.ts';

/** Changes heard within this long are read again together (a bulk action sends thousands at once). */
const BATCH_MS = 150;

/**
 * Records as the server has them, not as they were loaded: every record query (lists, records,
 * portals, histories) but the NDC dictionary, whose entries no one changes here.
 */
const isRecordQuery = (query: Query) => query.queryKey[0] === recordsKeys.all[0] && query.queryKey[1] !== 'dictionaries';

/**
 * Mounted by the signed-in frame: keeps one live change stream open for the session and, when a
 * record changes anywhere, reads again what the screen shows (TanStack Query refetches the queries
 * on screen and marks the rest stale). Forms being edited do not follow: they say who changed
 * their record (`recordChanges`).
 */
export function LiveUpdates({ token }: { token: string }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ predicate: isRecordQuery });
      }, BATCH_MS);
    };
    const live = new LiveEvents({
      url: apiUrl('/events'),
      token,
      onChange: (change) => {
        recordChanges.add(change);
        refresh();
      },
      onResync: refresh,
    });
    live.start();
    const online = () => live.wake();
    globalThis.addEventListener('online', online);
    return () => {
      globalThis.removeEventListener('online', online);
      clearTimeout(timer);
      live.stop();
    };
  }, [queryClient, token]);

  return null;
}
