import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { historyKeys } from '../../../components/history/api/get-history.ts';
import type { FieldData } from '../../../lib/records/record-shapes.ts';

/**
 * `POST /3ds/api/sendJobReadyNotification` `{ fieldData }` — the Job Ready e-mail, sent with the
 * job's own fieldData as the spec's client does. The screen shows the spec's success and failure
 * texts itself, so the shared error alert stays out of it.
 */
export const JOB_READY_MESSAGES = {
  sent: 'A notification has been sent that your job is ready',
  failed: 'Notification Could Not Be Sent',
} as const;

export function sendJobReady(fieldData: FieldData): Promise<unknown> {
  return api.post('/sendJobReadyNotification', { fieldData });
}

export function sendJobReadyMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'job-ready'],
    mutationFn: sendJobReady,
    meta: { handlesErrors: true },
    // The job's record does not change; its history gains the notification.
    onSuccess: (_answer, fieldData) => queryClient.invalidateQueries({ queryKey: historyKeys.of('jobs', String(fieldData.__PKJobID ?? '')) }),
  });
}

export function useSendJobReady() {
  const queryClient = useQueryClient();
  return useMutation(sendJobReadyMutationOptions(queryClient));
}
