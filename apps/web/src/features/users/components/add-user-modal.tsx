import { Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { useAddUser } from '../api/add-user.ts';
import { EMPTY_NEW_USER, newUserFormErrors, newUserRequest, refusalOf, type Refusal, type UserFormValues } from '../user-form-model.ts';
import { DialogActions } from './dialog-actions.tsx';
import { UserFormFields } from './user-form-fields.tsx';
import classes from './user-dialog.module.css';

interface AddUserModalProps {
  opened: boolean;
  onClose: () => void;
  organizations: readonly string[];
}

/**
 * Add user: username, name, organisation, password typed twice and privileges, checked by the
 * domain's rules before it is sent. A refusal (username taken, a rule, no privilege) is shown in
 * the dialog, which keeps everything typed so it can be corrected.
 */
export function AddUserModal({ opened, onClose, organizations }: AddUserModalProps) {
  const adding = useAddUser();
  const close = () => {
    if (!adding.isPending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add user" size="xl" closeOnClickOutside={false}>
      {opened && <AddUserForm organizations={organizations} adding={adding} onCancel={close} onDone={onClose} />}
    </Modal>
  );
}

interface AddUserFormProps {
  organizations: readonly string[];
  adding: ReturnType<typeof useAddUser>;
  onCancel: () => void;
  onDone: () => void;
}

function AddUserForm({ organizations, adding, onCancel, onDone }: AddUserFormProps) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_NEW_USER,
    validate: newUserFormErrors,
  });

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    adding.mutate(newUserRequest(values), {
      onSuccess: (account) => {
        showAlert({ type: 'SUCCESS', message: `User ${account.username} was added. They can sign in now.` });
        onDone();
      },
      onError: (error) => setRefusal(refusalOf(error, 'The user was not added')),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add user">
      <Stack gap="lg">
        <UserFormFields form={form} mode="add" organizations={organizations} />
        <Stack gap="sm" className={classes.footer}>
          <DialogActions refusal={refusal} pending={adding.isPending} submitLabel="Add user" onCancel={onCancel} />
        </Stack>
      </Stack>
    </form>
  );
}
