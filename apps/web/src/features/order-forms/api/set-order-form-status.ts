import { orderFormAnswerSchema, type OrderFormAnswer, type OrderFormStatusBody } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/** `POST /3ds/api/order-form/{id}/status` — executed, void or lost (UNLOCK_JOB); void and lost with their reason. */
export interface SetOrderFormStatusRequest {
  id: string;
  body: OrderFormStatusBody;
}

export async function setOrderFormStatus({ id, body }: SetOrderFormStatusRequest): Promise<OrderFormAnswer> {
  return readAnswer(orderFormAnswerSchema, await api.post(`/order-form/${encodeURIComponent(id)}/status`, body), 'recordId, modId, formNumber, status');
}

export function setOrderFormStatusMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['order-forms', 'status'],
    mutationFn: setOrderFormStatus,
    // The confirmation shows the server's refusal itself, and stays open.
    meta: { handlesErrors: true, failure: ({ id, body }: SetOrderFormStatusRequest) => `Form 222 ${id} was not marked ${body.status}` },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKeys.entity('order-forms') }),
  });
}

export function useSetOrderFormStatus() {
  const queryClient = useQueryClient();
  return useMutation(setOrderFormStatusMutationOptions(queryClient));
}
