import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { showAlert } from '../../../lib/alert-store.ts';
import type { FieldData } from '../../../lib/records/record-shapes.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { isAbortError } from '../../../lib/handle-error.ts';
import { JOB_READY_MESSAGES, useSendJobReady } from '../api/send-job-ready.ts';

/**
 * "Job Ready": e-mails that the job is ready (spec 1 §2, §8). Shown to those who may send it
 * (`job.notify-ready`: CREATE_JOB); the server also limits how often (one job once a minute, one
 * user 20 an hour) and its 429 says when the next can go.
 */
export function JobReadyButton({ fieldData }: { fieldData: FieldData }) {
  const send = useSendJobReady();
  return (
    <Button
      leftSection={<IconMailForward size={17} stroke={1.8} aria-hidden />}
      loading={send.isPending}
      onClick={() =>
        send.mutate(fieldData, {
          onSuccess: () => showAlert({ type: 'SUCCESS', message: JOB_READY_MESSAGES.sent }),
          onError: (error) => {
            // A 401 has already signed the user out and said why.
            if (isAbortError(error) || (error instanceof ApiError && error.status === 401)) return;
            const reason = error instanceof ApiError && error.message !== JOB_READY_MESSAGES.failed ? [error.message] : undefined;
            showAlert({ type: 'DANGER', message: JOB_READY_MESSAGES.failed, details: reason });
          },
        })
      }
    >
      Job Ready
    </Button>
  );
}
