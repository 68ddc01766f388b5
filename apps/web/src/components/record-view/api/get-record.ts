import type { EntityName } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseRecordResponse, type RecordData } from '../../../lib/records/record-shapes.ts';
import { isBeingDeleted } from '../../../lib/records/deleting-records.ts';

export type { RecordData };

/**
 * `GET /3ds/api/{entity}/{id}` — one record with its portals (docs/architecture.md). Shared by the generic
 * record view of every entity, so it sits beside that component rather than in one feature.
 */
export async function getRecord(entity: EntityName, id: string, signal?: AbortSignal): Promise<RecordData> {
  const body = await api.get(`/${entity}/${encodeURIComponent(id)}`, { signal });
  return parseRecordResponse(body);
}

export function getRecordQueryOptions(entity: EntityName, id: string) {
  return queryOptions({
    queryKey: recordsKeys.record(entity, id),
    queryFn: ({ signal }) => getRecord(entity, id, signal),
    // Not read again while its delete is on its way (lib/records/deleting-records.ts).
    enabled: (query) => !isBeingDeleted(query.queryKey),
  });
}

export function useRecord(entity: EntityName, id: string) {
  return useQuery(getRecordQueryOptions(entity, id));
}
