import { Alert, Button, Group, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The foot of a dialog's form: the server's refusal, where the person typed (role alert, so a
 * screen reader says it), then Cancel and the submit button. Cancel is held while the form is sent.
 */
export function FormDialogFooter({
  refusal,
  pending,
  onCancel,
  children,
  submit = {},
}: {
  refusal: string | undefined;
  pending: boolean;
  onCancel: () => void;
  /** The submit button's words. */
  children: ReactNode;
  submit?: Pick<ButtonProps, 'color' | 'leftSection'>;
}) {
  return (
    <>
      {refusal && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} {...submit}>
          {children}
        </Button>
      </Group>
    </>
  );
}
