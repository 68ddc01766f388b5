import { lossAnswerSchema, type LossAnswer, type LossReportBody } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/** `PATCH /3ds/api/loss/{id}` — the days the loss was reported, the Form 106's number (LOCK_JOB). */
export function useRecordLossReport() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['losses', 'report'],
      mutationFn: async ({ id, body }: { id: string; body: LossReportBody }): Promise<LossAnswer> =>
        readAnswer(lossAnswerSchema, await api.patch(`/loss/${encodeURIComponent(id)}`, body), 'recordId, modId'),
      // The dialog shows the refusal and stays open.
      meta: { handlesErrors: true },
      onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKeys.entity('losses') }),
    }),
  );
}

/** `POST /3ds/api/loss/{id}/worksheet` — the Form 106 worksheet, as a download link. */
export function useLossWorksheet() {
  return useMutation(
    mutationOptions({
      mutationKey: ['losses', 'worksheet'],
      mutationFn: async ({ id }: { id: string }) => ({
        href: downloadHref(parseFileLink(await api.post(`/loss/${encodeURIComponent(id)}/worksheet`))),
        fileName: `loss-${id}-form-106-worksheet.pdf`,
      }),
      meta: { failure: ({ id }: { id: string }) => `The Form 106 worksheet of loss ${id} was not made` },
    }),
  );
}
