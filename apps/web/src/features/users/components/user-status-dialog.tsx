import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserAccount } from '@3ds/domain';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store.ts';
import { useChangeUser } from '../api/change-user.ts';
import { refusalOf, type Refusal } from '../user-form-model.ts';
import { RefusalAlert } from './refusal-alert.tsx';

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
  const busy = changing.isPending;
  const disable = account ? !account.disabled : true;
  const verb = disable ? 'Disable' : 'Enable';
  const who = account ? (account.displayName ? `${account.username} (${account.displayName})` : account.username) : '';

  const close = () => {
    if (busy) return;
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
          setRefusal(null);
          onClose();
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={account ? `${verb} user ${account.username}` : `${verb} user`}
      size="md"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="lg">
        <Text size="sm">
          {disable ? (
            <>
              Disable <b>{who}</b>? They can no longer sign in, and their open sessions end now. You can enable the
              account again later.
            </>
          ) : (
            <>
              Enable <b>{who}</b>? They can sign in again with their current password.
            </>
          )}
        </Text>
        {refusal && <RefusalAlert refusal={refusal} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color={disable ? 'red' : undefined} onClick={confirm} loading={busy} data-autofocus>
            {verb} user
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
