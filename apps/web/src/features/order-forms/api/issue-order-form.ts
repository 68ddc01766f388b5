import { orderFormAnswerSchema, type NewOrderFormBody, type OrderFormAnswer } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/** `POST /3ds/api/order-form/new` — a Form 222 issued to a client registration, with its lines. */
export async function issueOrderForm(body: NewOrderFormBody): Promise<OrderFormAnswer> {
  return readAnswer(orderFormAnswerSchema, await api.post('/order-form/new', body), 'recordId, modId, formNumber, status');
}

export function issueOrderFormMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['order-forms', 'issue'],
    mutationFn: issueOrderForm,
    // The dialog shows a refusal beside what it is about, and stays open to correct it.
    meta: { handlesErrors: true, failure: ({ formNumber }: NewOrderFormBody) => `Form 222 ${formNumber} was not issued` },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKeys.entity('order-forms') }),
  });
}

export function useIssueOrderForm() {
  const queryClient = useQueryClient();
  return useMutation(issueOrderFormMutationOptions(queryClient));
}
