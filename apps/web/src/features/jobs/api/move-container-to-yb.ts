import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import type { FieldData, RecordData } from '../../../lib/records/record-shapes.ts';
import { jobQueryKey } from './get-job.ts';
import { isObject } from '../../../lib/answer-shape.ts';

/**
 * `POST /3ds/api/job/move-container-to-yb/{jobId}` `{ containerId }` — turns a standard container
 * into a new Yellow Bucket container of the same job, with its line items, and deletes the
 * original (MOVE_CONTAINER; the job and the container must be unlocked). The answer's
 * `scriptResult` says whether it succeeded and names the new container; `data[0].portalData`
 * holds the job's portals as they are now.
 */
export interface MoveToYellowBucketRequest {
  jobId: string;
  containerId: string;
}

export interface MoveToYellowBucketResult {
  /** The new Yellow Bucket container's id, when the server names it. */
  containerId: string | null;
  portalData: Record<string, FieldData[]> | null;
}

export class MoveNotSucceededError extends Error {
  override name = 'MoveNotSucceededError';
}

/** Reads the answer; anything but `succeeded: true` is a failure. */
export function parseMoveResult(body: unknown): MoveToYellowBucketResult {
  let script: unknown = null;
  if (isObject(body) && typeof body.scriptResult === 'string') {
    try {
      script = JSON.parse(body.scriptResult);
    } catch {
      script = null;
    }
  } else if (isObject(body) && isObject(body.scriptResult)) {
    script = body.scriptResult;
  }
  if (!isObject(script) || script.succeeded !== true) {
    throw new MoveNotSucceededError('The server did not confirm the move.');
  }
  const id = script.containerId;
  const first = isObject(body) && Array.isArray(body.data) ? (body.data[0] as unknown) : undefined;
  const portals = isObject(first) && isObject(first.portalData) ? first.portalData : null;
  const portalData = portals
    ? Object.fromEntries(Object.entries(portals).filter(([, rows]) => Array.isArray(rows))) as Record<string, FieldData[]>
    : null;
  return { containerId: typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : null, portalData };
}

export async function moveContainerToYellowBucket({ jobId, containerId }: MoveToYellowBucketRequest) {
  const body = await api.post(`/job/move-container-to-yb/${encodeURIComponent(jobId)}`, { containerId: Number(containerId) });
  return parseMoveResult(body);
}

export function moveContainerToYellowBucketMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'move-container-to-yb'],
    mutationFn: moveContainerToYellowBucket,
    // The screen shows the spec's own failure text.
    meta: { handlesErrors: true },
    onSuccess: (result, { jobId }) => {
      // Both tabs change at once from the answer's portals; the reload brings the totals.
      const current = queryClient.getQueryData<RecordData>(jobQueryKey(jobId));
      if (current && result.portalData) {
        const portalData = { ...current.portalData, ...result.portalData };
        queryClient.setQueryData<RecordData>(jobQueryKey(jobId), {
          ...current,
          portalData,
          portalDataInfo: current.portalDataInfo.map((info) => {
            const rows = result.portalData?.[info.portalObjectName];
            return rows ? { ...info, foundCount: rows.length, returnedCount: rows.length } : info;
          }),
        });
      }
    },
    // The job, and every list that showed the container or its line items.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKeys.all }),
  });
}

export function useMoveContainerToYellowBucket() {
  const queryClient = useQueryClient();
  return useMutation(moveContainerToYellowBucketMutationOptions(queryClient));
}
