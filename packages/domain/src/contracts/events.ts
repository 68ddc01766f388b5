import { z } from 'zod';
import { RECORD_EVENT_ENTITIES } from '../catalogue/records/record-kinds.ts';

/**
 * Live updates (`GET /3ds/api/events`, a `text/event-stream`): one `change` event for every committed
 * audit row of a record, so that open screens can refetch what changed. The entities published are
 * the audit rows' `entity` values of records; sessions, users, settings, saved finds and exports are
 * not published. The families published are those `RECORD_FAMILIES` marks `liveEvents`.
 */

export const EVENTS = {
  /** The reconnection delay the stream asks of its client (the `retry:` line), in ms. */
  retryMs: 3000,
  /** A `: ping` comment line this often, in ms, so that proxies keep the connection open. */
  pingMs: 25_000,
  /** Missed events replayed at most on reconnection; more missed answer `event: reset` (refetch everything). */
  maxReplay: 1000,
} as const;

/** The data of an `event: change`; its `id:` line is the same audit id. */
export const recordEventSchema = z.object({
  id: z.string(),
  entity: z.enum(RECORD_EVENT_ENTITIES),
  recordId: z.string().nullable(),
  action: z.string(),
  user: z.string(),
  at: z.string(),
});
export type RecordEvent = z.infer<typeof recordEventSchema>;

/** The data of the first event, `event: ready`: the newest audit id when the stream opened ("0" for none). */
export const eventsReadySchema = z.object({ lastEventId: z.string() });
