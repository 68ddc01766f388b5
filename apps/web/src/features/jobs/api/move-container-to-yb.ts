import { moveToYellowBucketAnswerSchema, moveToYellowBucketScriptSchema } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import type { FieldData, RecordData } from '../../../lib/records/record-shapes.ts';
import { jobQueryKey } from './get-job.ts';

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

/** The JSON text of a script result, or undefined when it is not JSON. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads the answer by its contract; anything but `succeeded: true` (an answer of another shape too) is a failure. */
export function parseMoveResult(body: unknown): MoveToYellowBucketResult {
  const answer = moveToYellowBucketAnswerSchema.safeParse(body);
  const script = answer.success ? moveToYellowBucketScriptSchema.safeParse(parsedJson(answer.data.scriptResult)) : undefined;
  if (!answer.success || !script?.success || !script.data.succeeded) {
    throw new MoveNotSucceededError('The server did not confirm the move.');
  }
  return { containerId: String(script.data.containerId), portalData: answer.data.data[0]?.portalData ?? null };
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
