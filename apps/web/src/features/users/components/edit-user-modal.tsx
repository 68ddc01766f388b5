import { Alert, Modal, Stack, Text } from '@mantine/core';
import type { UserAccount } from '@3ds/domain';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { useChangeUser } from '../api/change-user.ts';
import { refusalOf, userChanges, userFormErrors, userFormValues, type Refusal, type UserFormValues } from '../user-form-model.ts';
import { DialogActions } from './dialog-actions.tsx';
import { UserFormFields } from './user-form-fields.tsx';
import classes from './user-dialog.module.css';

interface EditUserModalProps {
  /** The account being edited; kept while the dialog closes. */
  account: UserAccount | null;
  opened: boolean;
  onClose: () => void;
  organizations: readonly string[];
  /** The signed-in user's username: changing one's own privileges ends one's own session. */
  self: string | undefined;
}

/**
 * Edit user: name, organisation and privileges. Only what changed is sent, so an unchanged privilege
 * list does not end the user's sessions. The server's refusal (e.g. taking MANAGE_USERS from the last
 * administrator) is shown in the dialog and the edits stay.
 */
export function EditUserModal({ account, opened, onClose, organizations, self }: EditUserModalProps) {
  const changing = useChangeUser();
  const close = () => {
    if (!changing.isPending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={account ? `Edit user ${account.username}` : 'Edit user'} size="xl" closeOnClickOutside={false}>
      {opened && account && (
        <EditUserForm
          key={account.username}
          account={account}
          organizations={organizations}
          isSelf={account.username === self}
          changing={changing}
          onCancel={close}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface EditUserFormProps {
  account: UserAccount;
  organizations: readonly string[];
  isSelf: boolean;
  changing: ReturnType<typeof useChangeUser>;
  onCancel: () => void;
  onDone: () => void;
}

function EditUserForm({ account, organizations, isSelf, changing, onCancel, onDone }: EditUserFormProps) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: userFormValues(account),
    validate: userFormErrors,
  });
  const changes = userChanges(account, form.values);

  const submit = form.onSubmit((values) => {
    const request = userChanges(account, values);
    if (!request) return;
    setRefusal(null);
    changing.mutate(
      { username: account.username, changes: request },
      {
        onSuccess: (updated) => {
          const ended = request.privileges !== undefined && !isSelf ? ' Their open sessions have ended; they sign in again to use the new privileges.' : '';
          showAlert({ type: 'SUCCESS', message: `User ${updated.username} was updated.${ended}` });
          onDone();
        },
        onError: (error) => setRefusal(refusalOf(error, `User ${account.username} was not changed`)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit user ${account.username}`}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Username <b>{account.username}</b>. To change the password, use Reset password.
        </Text>
        <UserFormFields form={form} mode="edit" organizations={organizations} />
        {isSelf && changes?.privileges !== undefined && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            These are your own privileges: saving a change to them ends your session, and you sign in again to use them.
          </Alert>
        )}
        <Stack gap="sm" className={classes.footer}>
          <DialogActions refusal={refusal} pending={changing.isPending} submitLabel="Save" submitDisabled={changes === null} onCancel={onCancel} />
        </Stack>
      </Stack>
    </form>
  );
}
