import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { parseRecordResponse } from '../../../lib/records/record-shapes.ts';
import { refreshJob, storeJob } from './get-job.ts';

/**
 * `POST /3ds/api/job/{id}/upload?field=<slot or document>` — one multipart part named "file": a
 * picture into an empty slot (R1…DP7) or a document (CWF Files, 41 Insert, …). Needs CREATE_JOB
 * and an unlocked job; the answer is the job record, with the new file's signed link.
 */
export interface UploadJobFileRequest {
  id: string;
  field: string;
  file: File;
}

export async function uploadJobFile({ id, field, file }: UploadJobFileRequest) {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await api.post(`/job/${encodeURIComponent(id)}/upload`, form, { query: { field } });
  return parseRecordResponse(body);
}

export function uploadJobFileMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'upload'],
    mutationFn: uploadJobFile,
    meta: { failure: ({ id, field }: UploadJobFileRequest) => `${field} was not added to job ${id}` },
    onSuccess: (record, { id }) => storeJob(queryClient, id, record),
    onSettled: (_record, _error, { id }) => refreshJob(queryClient, id),
  });
}

export function useUploadJobFile() {
  const queryClient = useQueryClient();
  return useMutation(uploadJobFileMutationOptions(queryClient));
}
