import { Button, Group } from '@mantine/core';
import type { Refusal } from '../user-form-model.ts';
import { WarningList } from '../../../components/alerts/warning-list.tsx';

interface DialogActionsProps {
  refusal: Refusal | null;
  pending: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  onCancel: () => void;
}

/** The foot of a users dialog: the server's refusal, if any, then Cancel and the submit button. */
export function DialogActions({ refusal, pending, submitLabel, submitDisabled = false, onCancel }: DialogActionsProps) {
  return (
    <>
      {refusal && <WarningList warning={refusal} />}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
