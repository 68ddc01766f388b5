import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { jobNameSchema } from '@3ds/domain';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { routePath } from '../../../app/routes.ts';
import { useCreateJob } from '../api/create-job.ts';
import type { CompanyRegistration } from '../company-detail.ts';

const addJobSchema = z.object({ jobName: jobNameSchema });

interface AddJobModalProps {
  /** The registration the job is for; the modal keeps showing the last one while it closes. */
  registration: CompanyRegistration | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * "Add New Job" (spec 1 §2 Company detail): a Job Name for the chosen registration. OK stays
 * disabled while the name is blank; the new job opens in job-view. A refusal (403, 404, 422) is
 * shown with the server's message by the app's error handler, and the modal stays open so the
 * name can be corrected.
 */
export function AddJobModal({ registration, opened, onClose }: AddJobModalProps) {
  const creating = useCreateJob();
  const close = () => {
    if (!creating.isPending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add New Job" size="md">
      {registration && (
        <AddJobForm
          key={registration.id}
          registration={registration}
          pending={creating.isPending}
          onCancel={close}
          onSubmit={(jobName, onCreated) => creating.mutate({ registrationId: registration.id, jobName }, { onSuccess: onCreated })}
        />
      )}
    </Modal>
  );
}

interface AddJobFormProps {
  registration: CompanyRegistration;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (jobName: string, onCreated: (job: { recordId: string }) => void) => void;
}

function AddJobForm({ registration, pending, onCancel, onSubmit }: AddJobFormProps) {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { jobName: '' },
    validate: schemaResolver(addJobSchema, { sync: true }),
  });
  const blank = form.values.jobName.trim() === '';

  const submit = form.onSubmit(({ jobName }) => {
    onSubmit(jobName.trim(), (job) => {
      void navigate(routePath('job-view', { id: job.recordId }));
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add New Job">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A new job on registration{' '}
          <Text span fw={600} c="dark.7">
            {registration.number}
          </Text>
          {registration.activity ? ` (${registration.activity})` : ''}.
        </Text>
        <TextInput
          label="Job Name"
          placeholder="e.g. Quarterly destruction"
          required
          autoComplete="off"
          data-autofocus
          key={form.key('jobName')}
          {...form.getInputProps('jobName')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank} loading={pending}>
            OK
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
