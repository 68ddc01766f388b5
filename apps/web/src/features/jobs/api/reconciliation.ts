import { reconciliationAnswerSchema, type ReconciliationAnswer, type ResolveDiscrepancyBody } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { historyKeys } from '../../../components/history/api/get-history.ts';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/**
 * A job's receiving reconciliation: `GET /3ds/api/job/{id}/reconciliation`, `POST …/resolve` one
 * line's difference, `POST …/pdf` the client's copy. Kept under the records' key: every change
 * anyone makes (an item scanned, a count corrected) reads it again while the screen shows it.
 */
export const reconciliationQueryKey = (jobId: string) => [...recordsKeys.record('jobs', jobId), 'reconciliation'] as const;

export function useReconciliation(jobId: string) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationQueryKey(jobId),
      queryFn: async (): Promise<ReconciliationAnswer> =>
        readAnswer(reconciliationAnswerSchema, await api.get(`/job/${encodeURIComponent(jobId)}/reconciliation`), 'the reconciliation'),
      meta: { failure: `The reconciliation of job ${jobId} could not be read` },
    }),
  );
}

export function useResolveDiscrepancy() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['jobs', 'resolve-discrepancy'],
      mutationFn: async ({ jobId, body }: { jobId: string; body: ResolveDiscrepancyBody }) =>
        readAnswer(reconciliationAnswerSchema, await api.post(`/job/${encodeURIComponent(jobId)}/reconciliation/resolve`, body), 'the reconciliation'),
      // The dialog shows the refusal.
      meta: { handlesErrors: true },
      onSuccess: (answer, { jobId }) =>
        Promise.all([queryClient.setQueryData(reconciliationQueryKey(jobId), answer), queryClient.invalidateQueries({ queryKey: historyKeys.of('jobs', jobId) })]),
    }),
  );
}

export function useReconciliationPdf() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['jobs', 'reconciliation-pdf'],
      mutationFn: async ({ jobId }: { jobId: string }) => ({
        href: downloadHref(parseFileLink(await api.post(`/job/${encodeURIComponent(jobId)}/reconciliation/pdf`))),
        fileName: `job-${jobId}-reconciliation.pdf`,
      }),
      meta: { failure: ({ jobId }: { jobId: string }) => `The reconciliation PDF of job ${jobId} was not made` },
      onSuccess: (_made, { jobId }) => queryClient.invalidateQueries({ queryKey: historyKeys.of('jobs', jobId) }),
    }),
  );
}
