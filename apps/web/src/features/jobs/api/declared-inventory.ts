import { declaredInventoryAnswerSchema, type DeclaredInventoryAnswer, type DeclaredItemBody } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/**
 * A job's declared inventory: `GET /3ds/api/job/{id}/declared` (the items and the Form 222s that
 * count as declared), `PUT` the typed items, `POST …/declared/file` an xlsx or CSV. Kept under the
 * records' key, so a change anyone makes (the live updates) reads it again.
 */
export const declaredQueryKey = (jobId: string) => [...recordsKeys.record('jobs', jobId), 'declared'] as const;

export async function getDeclaredInventory(jobId: string): Promise<DeclaredInventoryAnswer> {
  const body = await api.get(`/job/${encodeURIComponent(jobId)}/declared`);
  return readAnswer(declaredInventoryAnswerSchema, body, 'the declared inventory');
}

export function useDeclaredInventory(jobId: string) {
  return useQuery(
    queryOptions({
      queryKey: declaredQueryKey(jobId),
      queryFn: () => getDeclaredInventory(jobId),
      meta: { failure: `The declared inventory of job ${jobId} could not be read` },
    }),
  );
}

export interface SaveDeclaredRequest {
  jobId: string;
  items: DeclaredItemBody[];
  /** The declaration's modId as read ("" when nothing was declared): a declaration changed since is refused (409). */
  modId: string;
}

export interface UploadDeclaredRequest {
  jobId: string;
  file: File;
  mode: 'replace' | 'append';
  modId: string;
}

function storeDeclared(queryClient: QueryClient, jobId: string, answer: DeclaredInventoryAnswer) {
  queryClient.setQueryData(declaredQueryKey(jobId), answer);
}

export function useSaveDeclared() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['jobs', 'declare'],
      mutationFn: async ({ jobId, items, modId }: SaveDeclaredRequest) =>
        readAnswer(declaredInventoryAnswerSchema, await api.put(`/job/${encodeURIComponent(jobId)}/declared`, { items, modId }), 'the declared inventory'),
      // The dialog shows the refusal beside the rows it names.
      meta: { handlesErrors: true },
      onSuccess: (answer, { jobId }) => storeDeclared(queryClient, jobId, answer),
    }),
  );
}

export function useUploadDeclared() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['jobs', 'declare-file'],
      mutationFn: async ({ jobId, file, mode, modId }: UploadDeclaredRequest) => {
        const form = new FormData();
        form.append('file', file, file.name);
        const body = await api.post(`/job/${encodeURIComponent(jobId)}/declared/file`, form, { query: { mode, modId } });
        return readAnswer(declaredInventoryAnswerSchema, body, 'the declared inventory');
      },
      meta: { handlesErrors: true },
      onSuccess: (answer, { jobId }) => storeDeclared(queryClient, jobId, answer),
    }),
  );
}
