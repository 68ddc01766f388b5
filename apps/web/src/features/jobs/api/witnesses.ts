import { witnessesAnswerSchema, type ConfirmWitnessBody, type WitnessesAnswer, type WitnessRole } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { historyKeys } from '../../../components/history/api/get-history.ts';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/**
 * A job's witnesses, who confirm for themselves (rules/witnesses.ts): `GET /3ds/api/job/{id}/witnesses`,
 * `POST …/witnesses/{role}` a confirmation with the witness's own username and password, `POST
 * …/witnesses/{role}/withdraw`. Kept under the records' key: a change of the destruction record by
 * anyone (the live updates) reads them again, and shows a confirmation it voided.
 */
export const witnessesQueryKey = (jobId: string) => [...recordsKeys.record('jobs', jobId), 'witnesses'] as const;

const read = (body: unknown) => readAnswer(witnessesAnswerSchema, body, "the job's witnesses");

export function useWitnesses(jobId: string) {
  return useQuery(
    queryOptions({
      queryKey: witnessesQueryKey(jobId),
      queryFn: async (): Promise<WitnessesAnswer> => read(await api.get(`/job/${encodeURIComponent(jobId)}/witnesses`)),
      meta: { failure: `The witnesses of job ${jobId} could not be read` },
    }),
  );
}

/** The answer kept, and the job (its printed names, its modId) and its history read again. */
async function stored(queryClient: QueryClient, jobId: string, answer: WitnessesAnswer) {
  queryClient.setQueryData(witnessesQueryKey(jobId), answer);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: recordsKeys.record('jobs', jobId), predicate: (query) => query.queryKey.at(-1) !== 'witnesses' }),
    queryClient.invalidateQueries({ queryKey: historyKeys.of('jobs', jobId) }),
  ]);
}

export function useConfirmWitness() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['jobs', 'confirm-witness'],
      mutationFn: async ({ jobId, role, body }: { jobId: string; role: WitnessRole; body: ConfirmWitnessBody }) =>
        read(await api.post(`/job/${encodeURIComponent(jobId)}/witnesses/${role}`, body)),
      // The dialog shows the refusal (a wrong password, the same person twice) where the witness typed.
      meta: { handlesErrors: true },
      onSuccess: (answer, { jobId }) => stored(queryClient, jobId, answer),
    }),
  );
}

export function useWithdrawWitness() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['jobs', 'withdraw-witness'],
      mutationFn: async ({ jobId, role, reason }: { jobId: string; role: WitnessRole; reason: string }) =>
        read(await api.post(`/job/${encodeURIComponent(jobId)}/witnesses/${role}/withdraw`, { reason })),
      meta: { handlesErrors: true },
      onSuccess: (answer, { jobId }) => stored(queryClient, jobId, answer),
    }),
  );
}
