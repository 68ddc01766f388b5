import { orderFormAnswerSchema, type OrderFormAnswer, type OrderFormChangeBody } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/**
 * `PATCH /3ds/api/order-form/{id}` — the form's lines and note (its number and kind while issued).
 * The record's modId goes along: a form someone else changed meanwhile is refused (409), not overwritten.
 */
export interface ChangeOrderFormRequest {
  id: string;
  body: OrderFormChangeBody;
}

export async function changeOrderForm({ id, body }: ChangeOrderFormRequest): Promise<OrderFormAnswer> {
  return readAnswer(orderFormAnswerSchema, await api.patch(`/order-form/${encodeURIComponent(id)}`, body), 'recordId, modId, formNumber, status');
}

export function changeOrderFormMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['order-forms', 'change'],
    mutationFn: changeOrderForm,
    meta: { handlesErrors: true, failure: ({ id }: ChangeOrderFormRequest) => `Form 222 ${id} was not changed` },
    // The form and the register's list (its lines count, its modified stamps).
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKeys.entity('order-forms') }),
  });
}

export function useChangeOrderForm() {
  const queryClient = useQueryClient();
  return useMutation(changeOrderFormMutationOptions(queryClient));
}
