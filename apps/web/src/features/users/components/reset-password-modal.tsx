import { Modal, Stack, Text } from '@mantine/core';
import type { UserAccount } from '@3ds/domain';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { passwordFormErrors, refusalOf, type PasswordFormValues, type Refusal } from '../user-form-model.ts';
import { PasswordFields } from './password-fields.tsx';
import { DialogActions } from './dialog-actions.tsx';

interface ResetPasswordModalProps {
  account: UserAccount | null;
  opened: boolean;
  onClose: () => void;
  self: string | undefined;
}

/** Reset password: a new password typed twice; the user's open sessions end. */
export function ResetPasswordModal({ account, opened, onClose, self }: ResetPasswordModalProps) {
  const resetting = useResetPassword();
  const close = () => {
    if (!resetting.isPending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={account ? `Reset the password of ${account.username}` : 'Reset password'}
      size="lg"
      closeOnClickOutside={false}
    >
      {opened && account && (
        <ResetPasswordForm
          key={account.username}
          account={account}
          isSelf={account.username === self}
          resetting={resetting}
          onCancel={close}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface ResetPasswordFormProps {
  account: UserAccount;
  isSelf: boolean;
  resetting: ReturnType<typeof useResetPassword>;
  onCancel: () => void;
  onDone: () => void;
}

function ResetPasswordForm({ account, isSelf, resetting, onCancel, onDone }: ResetPasswordFormProps) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<PasswordFormValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: passwordFormErrors,
  });

  const submit = form.onSubmit(({ password }) => {
    setRefusal(null);
    resetting.mutate(
      { username: account.username, password },
      {
        onSuccess: (updated) => {
          showAlert({ type: 'SUCCESS', message: `The password of ${updated.username} was reset. Their open sessions have ended.` });
          onDone();
        },
        onError: (error) => setRefusal(refusalOf(error, `The password of ${account.username} was not reset`)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Reset the password of ${account.username}`}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {isSelf
            ? 'This is your own account: you will be signed out, and you sign in again with the new password.'
            : `${account.displayName || account.username} is signed out everywhere and signs in with the new password. Give it to them in person or by another safe channel.`}
        </Text>
        <PasswordFields label="New password" autoFocus password={form.getInputProps('password')} confirmPassword={form.getInputProps('confirmPassword')} />
        <DialogActions refusal={refusal} pending={resetting.isPending} submitLabel="Reset password" onCancel={onCancel} />
      </Stack>
    </form>
  );
}
