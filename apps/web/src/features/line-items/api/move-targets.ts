import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseListResponse } from '../../../lib/records/record-shapes.ts';
import { moveTargetOption, type MoveTargetOption } from '../../../components/dialogs/move-target.ts';
import { moveTargetQuery } from '../line-item-record.ts';

/**
 * `POST /3ds/api/{containers|yb-containers}/search` — where a line item may move (spec 2 §2, §7):
 * the unlocked containers of its job, its own container left out.
 */
export async function getMoveTargets(kind: LineItemKindConfig, jobId: string, containerId: string, signal?: AbortSignal): Promise<MoveTargetOption[]> {
  const body = await api.post(kind.containerSearchPath, moveTargetQuery(kind, jobId, containerId), { signal });
  return parseListResponse(body).data.flatMap((record) => {
    const id = String(record.fieldData[kind.containerIdSearchField] ?? record.recordId);
    return id ? [moveTargetOption(id, String(record.fieldData['Container Name'] ?? ''))] : [];
  });
}

export function moveTargetsQueryOptions(kind: LineItemKindConfig, jobId: string, containerId: string) {
  return queryOptions({
    queryKey: [...recordsKeys.entity(kind.containerEntity), 'line-item-move-targets', jobId, containerId] as const,
    queryFn: ({ signal }) => getMoveTargets(kind, jobId, containerId, signal),
    // Containers are locked and added all the time: ask again each time the dialog opens.
    staleTime: 0,
  });
}

export function useMoveTargets(kind: LineItemKindConfig, jobId: string, containerId: string, enabled: boolean) {
  return useQuery({ ...moveTargetsQueryOptions(kind, jobId, containerId), enabled });
}
