import type { UserAccount } from '@3ds/domain';
import { useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { WarningList } from '../../../components/alerts/warning-list.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useChangeUser } from '../api/change-user.ts';
import { refusalOf, type Refusal } from '../user-form-model.ts';

interface UserStatusDialogProps {
  /** The account to disable (when enabled) or enable (when disabled); kept while the dialog closes. */
  account: UserAccount | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Disable or enable an account, after a confirmation naming it. The dialog stays open while the
 * change runs, so the server's refusal (the last administrator, oneself) is shown in it.
 */
export function UserStatusDialog({ account, opened, onClose }: UserStatusDialogProps) {
  const changing = useChangeUser();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const disable = account ? !account.disabled : true;
  const verb = disable ? 'Disable' : 'Enable';
  const who = account ? (account.displayName ? `${account.username} (${account.displayName})` : account.username) : '';

  const close = () => {
    setRefusal(null);
    onClose();
  };

  const confirm = () => {
    if (!account) return;
    setRefusal(null);
    changing.mutate(
      { username: account.username, changes: { disabled: disable } },
      {
        onSuccess: (updated) => {
          showAlert({
            type: 'SUCCESS',
            message: updated.disabled
              ? `User ${updated.username} was disabled. Their open sessions have ended.`
              : `User ${updated.username} was enabled. They can sign in again.`,
          });
          close();
        },
        onError: (error) => setRefusal(refusalOf(error, `User ${account.username} was not ${disable ? 'disabled' : 'enabled'}`)),
      },
    );
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={account ? `${verb} user ${account.username}` : `${verb} user`}
      question={
        disable ? (
          <>
            Disable <b>{who}</b>? They can no longer sign in, and their open sessions end now. You can enable the account again later.
          </>
        ) : (
          <>
            Enable <b>{who}</b>? They can sign in again with their current password.
          </>
        )
      }
      busy={changing.isPending}
      danger={disable}
      confirmLabel={`${verb} user`}
      cancelLabel="Cancel"
      onConfirm={confirm}
      onClose={close}
    >
      {refusal && <WarningList warning={refusal} />}
    </ConfirmDialog>
  );
}
