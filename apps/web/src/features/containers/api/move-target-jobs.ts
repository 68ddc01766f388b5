import { MAX_PAGE_SIZE } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseListResponse } from '../../../lib/records/record-shapes.ts';
import { moveTargetOption, type MoveTargetOption } from '../../../components/dialogs/move-target.ts';
import { moveTargetCriteria } from '../container-record.ts';

/**
 * `GET /3ds/api/jobs` with the move-target find (spec 2 §7): unlocked jobs of the container's
 * registration number whose registration has not expired, up to 1000; the current job left out.
 */
export async function moveTargetJobs(registrationNumber: string, currentJobId: string, signal?: AbortSignal): Promise<MoveTargetOption[]> {
  const body = await api.get('/jobs', {
    query: { searchCriteria: moveTargetCriteria(registrationNumber), limit: MAX_PAGE_SIZE },
    signal,
  });
  return parseListResponse(body)
    .data.map((job) => {
      const id = String(job.fieldData.__PKJobID ?? job.recordId);
      return moveTargetOption(id, String(job.fieldData['Job Name'] ?? ''));
    })
    .filter((job) => job.value !== currentJobId);
}

export function moveTargetJobsQueryOptions(registrationNumber: string, currentJobId: string) {
  return queryOptions({
    queryKey: [...recordsKeys.entity('jobs'), 'move-targets', registrationNumber, currentJobId] as const,
    queryFn: ({ signal }) => moveTargetJobs(registrationNumber, currentJobId, signal),
    // Jobs open and lock all the time: ask again each time the dialog opens.
    staleTime: 0,
  });
}

export function useMoveTargetJobs(registrationNumber: string, currentJobId: string, enabled: boolean) {
  return useQuery({ ...moveTargetJobsQueryOptions(registrationNumber, currentJobId), enabled });
}
