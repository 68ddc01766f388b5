import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RefusalNote } from '../../../components/alerts/refusal-note.tsx';

interface JobConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, word for word as the spec has it. */
  question: string;
  /** Extra context under the question. */
  children?: ReactNode;
  /** True while the confirmed action runs: Yes spins, nothing else can be clicked. */
  busy: boolean;
  /** Why the action cannot go ahead (shown, with Yes disabled); `checking` while that is being found out. */
  refusal?: string | undefined;
  checking?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A Yes/No confirmation that stays open while the action runs, so the answer (success or the
 * server's refusal) arrives before it closes.
 */
export function JobConfirmDialog({ opened, title, question, children, busy, refusal, checking = false, danger = false, onConfirm, onClose }: JobConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="md"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="lg">
        <Text size="sm">{question}</Text>
        {children}
        {refusal && <RefusalNote>{refusal}</RefusalNote>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            No
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} disabled={checking || refusal !== undefined} data-autofocus>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
