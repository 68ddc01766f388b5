import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { jobNameSchema } from '@3ds/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { routePath } from '../../config/paths.ts';
import { useCreateJob } from './api/create-job.ts';
import { useJobRegistrations, type JobRegistration } from './api/job-registrations.ts';

const newJobSchema = z.object({ jobName: jobNameSchema });

/** The registration a new job is for, as the screen that opens the dialog knows it. */
export interface NewJobRegistration {
  /** The registration's record id (the new job's `_fkRegistration_Record_Number`). */
  id: string;
  number: string;
  activity?: string | undefined;
  companyName?: string | undefined;
}

interface NewJobDialogProps {
  opened: boolean;
  onClose: () => void;
  /**
   * The registration the job is for (a company's registration, the registration screen); the dialog
   * keeps showing the last one while it closes. Without one, the dialog asks for it (the Jobs list).
   */
  registration?: NewJobRegistration | null | undefined;
  /** The dialog's title: the company screen's spec calls it "Add New Job". */
  title?: string | undefined;
}

/**
 * A new job (spec 1 §4 "Job creation"): a Job Name on a registration — the one given, or one the
 * user finds by number, company or city among current DEA registrations. OK stays disabled until
 * both are there; the new job opens in job-view. A refusal (403, 404, 422) is shown with the
 * server's message by the app's error handler, and the dialog stays open to correct it.
 */
export function NewJobDialog({ opened, onClose, registration, title = 'New Job' }: NewJobDialogProps) {
  const creating = useCreateJob();
  const close = () => {
    if (!creating.isPending) onClose();
  };
  // The form is there from an opening until the dialog has finished closing: every opening starts empty.
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  return (
    <Modal opened={opened} onClose={close} title={title} size="md" onExitTransitionEnd={() => setMounted(false)}>
      {(opened || mounted) && (
        <NewJobForm
          key={registration?.id ?? 'choose'}
          label={title}
          registration={registration ?? null}
          pending={creating.isPending}
          onCancel={close}
          onSubmit={(registrationId, jobName, onCreated) => creating.mutate({ registrationId, jobName }, { onSuccess: onCreated })}
        />
      )}
    </Modal>
  );
}

interface NewJobFormProps {
  label: string;
  registration: NewJobRegistration | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (registrationId: string, jobName: string, onCreated: (job: { recordId: string }) => void) => void;
}

/** "BA1234563 · Northwind Laboratories · E - Manufacturer (expires 01/31/2027)". */
function optionLabel(registration: JobRegistration): string {
  const parts = [registration.number || `Registration ${registration.id}`, registration.companyName, registration.activity].filter(Boolean);
  return `${parts.join(' · ')}${registration.expiration ? ` (expires ${registration.expiration})` : ''}`;
}

function NewJobForm({ label, registration, pending, onCancel, onSubmit }: NewJobFormProps) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const choosing = registration === null;
  const found = useJobRegistrations(debounced, choosing);
  const options = (found.data ?? []).map((r) => ({ value: r.id, label: optionLabel(r) }));
  // The chosen one stays an option while other text is typed, so that the select can show it.
  const [chosenLabel, setChosenLabel] = useState('');
  if (chosen && !options.some((o) => o.value === chosen)) options.unshift({ value: chosen, label: chosenLabel });
  const form = useForm({
    mode: 'controlled',
    initialValues: { jobName: '' },
    validate: schemaResolver(newJobSchema, { sync: true }),
  });
  const registrationId = registration?.id ?? chosen;
  const blank = form.values.jobName.trim() === '';

  const submit = form.onSubmit(({ jobName }) => {
    if (!registrationId) return;
    onSubmit(registrationId, jobName.trim(), (job) => {
      void navigate(routePath('job-view', { id: job.recordId }));
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        {registration ? (
          <Text size="sm" c="dimmed">
            A new job on registration{' '}
            <Text span fw={600} c="dark.7">
              {registration.number}
            </Text>
            {registration.companyName ? ` of ${registration.companyName}` : ''}
            {registration.activity ? ` (${registration.activity})` : ''}.
          </Text>
        ) : (
          <Select
            label="Registration"
            description="A current DEA registration: type its number, the company's name or its city."
            placeholder="Find a registration"
            required
            searchable
            data={options}
            value={chosen}
            onChange={(value, option) => {
              setChosen(value);
              setChosenLabel(option?.label ?? '');
            }}
            searchValue={search}
            onSearchChange={setSearch}
            // The server has found them already: show its answer as it is.
            filter={({ options: all }) => all}
            // Typing opens the list; focus alone does not, so it never covers the dialog's buttons.
            openOnFocus={false}
            nothingFoundMessage={found.isFetching ? 'Searching…' : found.isError ? 'The registrations could not be read' : 'No current DEA registration matches'}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={260}
          />
        )}
        <TextInput
          label="Job Name"
          placeholder="e.g. Quarterly destruction"
          required
          autoComplete="off"
          data-autofocus={registration ? true : undefined}
          key={form.key('jobName')}
          {...form.getInputProps('jobName')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank || !registrationId} loading={pending}>
            OK
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
