import { createdRecordSchema, type CreatedRecord, type DestructionRecordFieldName } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { refreshJob } from './get-job.ts';

/**
 * `PATCH /3ds/api/job/{id}/destruction-record` `{ fieldData, modId }` — changes the fields of the
 * job's destruction record that were changed (`""` empties one). The record's modId goes along, so a
 * job someone else changed meanwhile is refused (409) rather than overwritten; the server checks
 * CREATE_JOB (403), the lock (409) and the dates (422) again.
 */
export interface EditDestructionRecordRequest {
  id: string;
  changes: Partial<Record<DestructionRecordFieldName, string>>;
  modId: string;
}

/** The job's id and its new modId. */
export type EditDestructionRecordAnswer = CreatedRecord;

export async function editDestructionRecord({ id, changes, modId }: EditDestructionRecordRequest): Promise<EditDestructionRecordAnswer> {
  const body = await api.patch(`/job/${encodeURIComponent(id)}/destruction-record`, {
    fieldData: changes,
    ...(modId !== '' ? { modId } : {}),
  });
  return readAnswer(createdRecordSchema, body, 'recordId, modId');
}

export function editDestructionRecordMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'destruction-record'],
    mutationFn: editDestructionRecord,
    meta: { failure: ({ id }: EditDestructionRecordRequest) => `The destruction record of job ${id} was not saved` },
    onSettled: (_answer, _error, { id }) => refreshJob(queryClient, id),
  });
}

export function useEditDestructionRecord() {
  const queryClient = useQueryClient();
  return useMutation(editDestructionRecordMutationOptions(queryClient));
}
