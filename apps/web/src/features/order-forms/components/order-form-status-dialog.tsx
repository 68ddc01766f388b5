import { Alert, Textarea } from '@mantine/core';
import type { OrderFormStatusChange } from '@3ds/domain';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { showAlert } from '../../../lib/alert-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSetOrderFormStatus } from '../api/set-order-form-status.ts';
import { REASON_MAX, STATUS_CHANGE_WORDS, statusChangedMessage, type OrderFormView } from '../order-form-model.ts';

interface OrderFormStatusDialogProps {
  view: OrderFormView;
  /** The change asked for; null: closed. */
  change: OrderFormStatusChange | null;
  onClose: () => void;
}

/**
 * The confirmation of Executed, Void and Lost: it asks why (void and lost offer no Yes until a
 * reason is given; the reason is kept with the form), and shows the server's refusal in place.
 */
export function OrderFormStatusDialog({ view, change, onClose }: OrderFormStatusDialogProps) {
  const setting = useSetOrderFormStatus();
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<OrderFormStatusChange>('executed');
  useEffect(() => {
    if (!change) return;
    setShown(change);
    setReason('');
    setting.reset();
    // Each opening starts afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change]);
  const words = STATUS_CHANGE_WORDS[change ?? shown](view.number);
  const error = setting.error instanceof ApiError ? setting.error : null;
  const confirm = () => {
    if (!change) return;
    setting.mutate(
      { id: view.id, body: { status: change, ...(reason.trim() ? { reason: reason.trim() } : {}), modId: view.modId } },
      {
        onSuccess: () => {
          showAlert({ type: 'SUCCESS', message: statusChangedMessage(view.number, change) });
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened={change !== null}
      title={words.title}
      question={words.question}
      busy={setting.isPending}
      danger={words.danger}
      confirmLabel={words.confirm}
      cancelLabel="Cancel"
      confirmDisabled={words.needsReason && reason.trim() === ''}
      onConfirm={confirm}
      onClose={() => {
        if (!setting.isPending) onClose();
      }}
    >
      <Textarea
        label={words.reasonLabel}
        required={words.needsReason}
        autosize
        minRows={2}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      {error && (
        <Alert color="red" variant="light" role="alert" title={`Form 222 ${view.number} was not changed`}>
          {error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
