import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CORRECTION_REASON_MAX, correctableFieldsOf, type CorrectionTarget } from '@3ds/domain';
import { useEffect, useState } from 'react';
import { showAlert } from '../../lib/alert-store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useRequestCorrection } from './api/corrections.ts';

interface RequestCorrectionModalProps {
  opened: boolean;
  onClose: () => void;
  target: { kind: CorrectionTarget; id: string };
  /** What the record holds now, by field label, as the screen shows it. */
  current: Readonly<Record<string, string>>;
  /** "Line item 1455", "Job 62": what the dialog says it corrects. */
  noun: string;
}

const HINT: Record<string, string> = {
  'Percent Fill': 'A percent, such as 50',
  'Expiration Date': 'MM/DD/YYYY; leave empty to clear it',
  'Date Received': 'MM/DD/YYYY',
  'Date Destroyed': 'MM/DD/YYYY',
};

/**
 * The dialog that asks for a correction of a final record (rules/corrections.ts): the field, the value
 * it gets and why. Nothing changes until a second person approves it; the dialog says so.
 */
export function RequestCorrectionModal({ opened, onClose, target, current, noun }: RequestCorrectionModalProps) {
  const fields = correctableFieldsOf(target.kind);
  const [field, setField] = useState<string>(fields[0]!.label);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const request = useRequestCorrection();

  useEffect(() => {
    if (!opened) return;
    setField(fields[0]!.label);
    setValue('');
    setReason('');
    request.reset();
    // Each opening starts afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const submit = () =>
    request.mutate(
      { target: target.kind === 'job' ? { jobId: Number(target.id) } : { lineItemId: Number(target.id) }, field, value, reason },
      {
        onSuccess: (correction) => {
          showAlert({ type: 'SUCCESS', message: `Correction ${correction.id} was asked for: ${correction.field} from ${correction.oldValue || '(empty)'} to ${correction.newValue || '(empty)'}. It waits for a second person's approval.` });
          onClose();
        },
      },
    );

  const error = request.error instanceof ApiError ? request.error : null;
  return (
    <Modal opened={opened} onClose={onClose} title={`Ask for a correction of ${noun}`} centered size="lg">
      <Stack gap="sm">
        <Text size="sm">
          What was recorded stays on the record. A correction says what is wrong, what it should be and why; it is applied only when a second person with the APPROVE_CORRECTION
          privilege approves it, and both names are kept with it.
        </Text>
        <Select
          label="Field"
          data={fields.map((f) => f.label)}
          value={field}
          onChange={(next) => next && setField(next)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" aria-label="Now">
          Now: <strong>{current[field] || '(empty)'}</strong>
        </Text>
        <TextInput label="Correct value" description={HINT[field]} value={value} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
        <Textarea
          label="Reason"
          description="Why the record is wrong: kept with the correction"
          required
          autosize
          minRows={2}
          maxLength={CORRECTION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {error && (
          <Alert color="red" variant="light" title="The correction was not asked for" role="alert">
            {error.details && error.details.length > 1 ? error.details.join(' ') : error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={request.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={request.isPending} disabled={!reason.trim()}>
            Ask for Correction
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
