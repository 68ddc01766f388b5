import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RefusalNote } from '../alerts/refusal-note.tsx';
import { useShownWhileOpen } from './use-shown-while-open.ts';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, word for word as the spec has it. */
  question: ReactNode;
  /** Extra context under the question (the server's refusal of the last try, say). */
  children?: ReactNode;
  /** True while the confirmed action runs: the confirm button spins, nothing else can be clicked. */
  busy: boolean;
  /** Why the action cannot go ahead (shown, with the confirm button disabled); `checking` while that is being found out. */
  refusal?: ReactNode;
  checking?: boolean;
  /** The confirm button waits for something the dialog asks (a reason, say). */
  confirmDisabled?: boolean;
  danger?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The confirmation of the app (Yes/No in the spec's words): it stays open while the action runs,
 * so the answer — success, or the server's refusal — arrives before it closes, and it says before
 * anything is sent when the action cannot be done.
 */
export function ConfirmDialog({
  opened,
  title,
  question,
  children,
  busy,
  refusal,
  checking = false,
  confirmDisabled = false,
  danger = false,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  // Its words stay while it closes, though what they were made from is gone by then.
  const shownTitle = useShownWhileOpen(title, opened);
  const shownQuestion = useShownWhileOpen(question, opened);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={shownTitle}
      size="md"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="lg">
        <Text size="sm">{shownQuestion}</Text>
        {children}
        {refusal !== undefined && refusal !== null && refusal !== '' && <RefusalNote>{refusal}</RefusalNote>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} disabled={checking || confirmDisabled || (refusal !== undefined && refusal !== null && refusal !== '')} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
