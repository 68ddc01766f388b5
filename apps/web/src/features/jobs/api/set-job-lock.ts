import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { parseRecordResponse } from '../../../lib/records/record-shapes.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { storeJob } from './get-job.ts';

/**
 * `PATCH /3ds/api/job/lock/{id}` and `/job/unlock/{id}` (LOCK_JOB / UNLOCK_JOB). The answer is
 * the job record, shown at once; then the job and the lists that show its lock are reloaded.
 */
export const JOB_LOCK_QUESTIONS = {
  lock: 'Are you sure you want to lock this job? Its containers and line items can no longer be changed.',
  unlock: 'Are you sure you want to unlock this job? Its containers and line items can be changed again.',
} as const;

export interface SetJobLockRequest {
  id: string;
  locked: boolean;
  /** Why it is unlocked (required by the server for an unlock; kept in the job's history). */
  reason?: string;
}

export async function setJobLock({ id, locked, reason }: SetJobLockRequest) {
  const path = `/job/${locked ? 'lock' : 'unlock'}/${encodeURIComponent(id)}`;
  const body = locked ? await api.patch(path) : await api.patch(path, { reason: reason ?? '' });
  return parseRecordResponse(body);
}

export function setJobLockMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'lock'],
    mutationFn: setJobLock,
    // The lock confirmation shows a refusal (the line items to complete) itself.
    meta: { handlesErrors: true, failure: ({ id, locked }: SetJobLockRequest) => `Job ${id} was not ${locked ? 'locked' : 'unlocked'}` },
    onSuccess: (record, { id }) => storeJob(queryClient, id, record),
    // Every records query: the job, the jobs list, and the container and line-item screens that
    // show the job's lock on their records.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKeys.all }),
  });
}

export function useSetJobLock() {
  const queryClient = useQueryClient();
  return useMutation(setJobLockMutationOptions(queryClient));
}
