import { Alert, Button, Group, List, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DATE_FORMAT, DESTRUCTION_DEADLINE_DAYS } from '@3ds/domain';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { RecordChangedNotice } from '../../../components/alerts/record-changed-notice.tsx';
import { useBusinessToday } from '../../../components/business-day/business-day.ts';
import { useValueList } from '../../../components/value-lists/value-list.ts';
import { useEditDestructionRecord } from '../api/edit-destruction-record.ts';
import { changedFields, destructionRecordFormErrors, destructionRecordFormProblems, lateDestructionDays, type DestructionRecordValues } from '../destruction-record-model.ts';

interface DestructionRecordModalProps {
  jobId: string;
  modId: string;
  initial: DestructionRecordValues;
  onClose: () => void;
  /** The job as it is now, for "Changed by … — reload". */
  onReload: () => Promise<{ modId: string; initial: DestructionRecordValues }>;
}

/**
 * Edits the destruction record. The rules (dates as MM/DD/YYYY, none in the future — today is the
 * day in the Settings' time zone —, received on or after the transfer, destroyed on or after
 * receipt, a reason for a destruction more than 30 days after receipt, text without invisible
 * characters) are checked here before anything is sent, each shown beside its field and listed
 * above them, and again by the server; only the fields that changed are sent, with the job's modId.
 * The witnesses are not typed here: they confirm for themselves (WitnessesPanel). A refusal keeps the dialog open with the server's message (shown by the
 * app's error handler).
 */
export function DestructionRecordModal({ jobId, modId: openedModId, initial: openedValues, onClose, onReload }: DestructionRecordModalProps) {
  const saving = useEditDestructionRecord();
  const today = useBusinessToday();
  const methods = useValueList('Disposal Method');
  const [problems, setProblems] = useState<string[]>([]);
  // The version the form started from: a live reload of the job must not move it, or someone
  // else's change meanwhile would be overwritten unnoticed (the server answers 409 instead).
  const [{ modId, initial }, setBase] = useState({ modId: openedModId, initial: openedValues });
  // Once a save has been refused, the errors follow what is typed: fixing one date of a date-order
  // rule clears the outline of the other as well, not only of the field typed in.
  const refused = useRef(false);
  const form = useForm<DestructionRecordValues>({
    mode: 'controlled',
    initialValues: initial,
    onValuesChange: (values) => {
      if (!refused.current) return;
      setProblems(destructionRecordFormProblems(values, today));
      form.setErrors(destructionRecordFormErrors(values, today));
    },
  });
  const reload = async () => {
    const fresh = await onReload();
    setBase(fresh);
    form.setInitialValues(fresh.initial);
    form.setValues(fresh.initial);
  };
  const close = () => {
    if (!saving.isPending) onClose();
  };
  const changes = changedFields(initial, form.values);
  const unchanged = Object.keys(changes).length === 0;

  const submit = form.onSubmit((values) => {
    const found = destructionRecordFormProblems(values, today);
    setProblems(found);
    form.setErrors(destructionRecordFormErrors(values, today));
    refused.current = found.length > 0;
    if (found.length) return;
    saving.mutate({ id: jobId, changes: changedFields(initial, values), modId }, { onSuccess: onClose });
  });

  const choices = methods.data?.map((o) => ({ value: o.value, label: o.label })) ?? [];
  // A value the list no longer offers stays choosable, so the record shows what it holds.
  if (form.values.disposalMethod && !choices.some((c) => c.value === form.values.disposalMethod)) {
    choices.push({ value: form.values.disposalMethod, label: form.values.disposalMethod });
  }
  const date = (key: 'dateTransfer' | 'dateReceived' | 'dateDestroyed', label: string) => (
    <TextInput label={label} placeholder={DATE_FORMAT} autoComplete="off" inputMode="numeric" key={form.key(key)} {...form.getInputProps(key)} />
  );
  const lateDays = lateDestructionDays(form.values);

  return (
    <Modal opened onClose={close} title={`Destruction Record of Job ${jobId}`} size="xl">
      <form onSubmit={submit} noValidate aria-label="Destruction Record">
        <Stack gap="md">
          <RecordChangedNotice entity="job" recordId={jobId} saving={saving.isPending} onReload={reload} />
          {problems.length > 0 && (
            <Alert color="red" variant="light" role="alert" title="The record cannot be saved yet" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <List size="sm">
                {problems.map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Title order={3} fz="sm">
            Dates
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {date('dateTransfer', 'Date Transferred')}
            {date('dateReceived', 'Date Received')}
            {date('dateDestroyed', 'Date Destroyed')}
          </SimpleGrid>
          {(lateDays !== null || form.values.lateReason !== '') && (
            <Textarea
              label="Reason for Late Destruction"
              description={
                lateDays !== null
                  ? `Destroyed ${lateDays} days after receipt, later than the ${DESTRUCTION_DEADLINE_DAYS} days 21 CFR 1317.15(c) allows: say why, as an inspector would ask`
                  : `Only for a destruction more than ${DESTRUCTION_DEADLINE_DAYS} days after receipt: clear it`
              }
              withAsterisk={lateDays !== null}
              autosize
              minRows={2}
              key={form.key('lateReason')}
              {...form.getInputProps('lateReason')}
            />
          )}
          <Title order={3} fz="sm">
            Destruction
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Disposal Method"
              data={choices}
              clearable
              allowDeselect
              placeholder={methods.isPending ? 'Loading…' : 'Choose'}
              key={form.key('disposalMethod')}
              {...form.getInputProps('disposalMethod')}
              value={form.values.disposalMethod === '' ? null : form.values.disposalMethod}
              onChange={(value) => form.setFieldValue('disposalMethod', value ?? '')}
            />
            <TextInput label="Destruction Facility" autoComplete="off" key={form.key('facility')} {...form.getInputProps('facility')} />
          </SimpleGrid>
          <Textarea
            label="Destruction Facility Address"
            description="One line, as the documents print it: street, city, state and ZIP"
            autosize
            minRows={1}
            key={form.key('facilityAddress')}
            {...form.getInputProps('facilityAddress')}
          />
          <Text size="xs" c="dimmed">
            The witnesses are not typed here: each confirms for themselves, with their own password, under Witnesses on the Destruction Record. A change of what they
            attest voids their confirmation.
          </Text>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={saving.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={unchanged} loading={saving.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
