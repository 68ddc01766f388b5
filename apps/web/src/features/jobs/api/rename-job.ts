import { createdRecordSchema, type CreatedRecord } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import type { RecordData } from '../../../lib/records/record-shapes.ts';
import { jobQueryKey, refreshJob } from './get-job.ts';

/**
 * `PATCH /3ds/api/job/{id}` `{ fieldData: { "Job Name" }, modId }` — renames the job. The record's
 * modId goes along, so a job someone else changed meanwhile is refused (409) rather than overwritten.
 */
export interface RenameJobRequest {
  id: string;
  name: string;
  modId: string;
}

/** The job's id and its new modId. */
export type RenameJobAnswer = CreatedRecord;

export async function renameJob({ id, name, modId }: RenameJobRequest): Promise<RenameJobAnswer> {
  const body = await api.patch(`/job/${encodeURIComponent(id)}`, {
    fieldData: { 'Job Name': name },
    ...(modId !== '' ? { modId } : {}),
  });
  return readAnswer(createdRecordSchema, body, 'recordId, modId');
}

/**
 * The new name shows at once; a refused save puts the old one back (spec 1 §2) and the shared
 * error handler shows the server's message as a DANGER alert.
 */
export function renameJobMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'rename'],
    mutationFn: renameJob,
    meta: { failure: ({ id }: RenameJobRequest) => `Job ${id} was not renamed` },
    onMutate: async ({ id, name }) => {
      await queryClient.cancelQueries({ queryKey: jobQueryKey(id) });
      const previous = queryClient.getQueryData<RecordData>(jobQueryKey(id));
      if (previous) {
        queryClient.setQueryData<RecordData>(jobQueryKey(id), {
          ...previous,
          fieldData: { ...previous.fieldData, 'Job Name': name },
        });
      }
      return { previousName: previous?.fieldData['Job Name'] ?? null };
    },
    onError: (_error, { id }, context) => {
      const current = queryClient.getQueryData<RecordData>(jobQueryKey(id));
      if (current && context) {
        queryClient.setQueryData<RecordData>(jobQueryKey(id), {
          ...current,
          fieldData: { ...current.fieldData, 'Job Name': context.previousName },
        });
      }
    },
    onSuccess: (answer, { id }) => {
      const current = queryClient.getQueryData<RecordData>(jobQueryKey(id));
      if (current) queryClient.setQueryData<RecordData>(jobQueryKey(id), { ...current, modId: answer.modId });
    },
    onSettled: (_answer, _error, { id }) => refreshJob(queryClient, id),
  });
}

export function useRenameJob() {
  const queryClient = useQueryClient();
  return useMutation(renameJobMutationOptions(queryClient));
}
