import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { CONTAINER_MESSAGES } from '@3ds/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { showAlert } from '../../../components/alerts/alert-store.ts';
import { useMoveContainer } from '../api/move-container.ts';
import { useMoveTargetJobs } from '../api/move-target-jobs.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';
import { containerRefusal, type ContainerFacts } from '../container-record.ts';
import { RefusalNote } from '../../../components/alerts/refusal-note.tsx';

interface MoveContainerModalProps {
  kind: ContainerKindConfig;
  facts: ContainerFacts;
  opened: boolean;
  onClose: () => void;
}

/**
 * Move Container (spec 2 §2, §4): "Select A Destination Job" among the unlocked jobs of the same
 * registration number whose registration has not expired; Move stays disabled until one is picked.
 */
export function MoveContainerModal({ kind, facts, opened, onClose }: MoveContainerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Select A Destination Job" size="lg">
      {opened && <MoveContainerForm kind={kind} facts={facts} onClose={onClose} />}
    </Modal>
  );
}

function MoveContainerForm({ kind, facts, onClose }: Omit<MoveContainerModalProps, 'opened'>) {
  const [jobId, setJobId] = useState<string | null>(null);
  const targets = useMoveTargetJobs(facts.registrationNumber, facts.jobId, true);
  const move = useMoveContainer(kind);
  const none = targets.isSuccess && targets.data.length === 0;
  const refusal = containerRefusal('container.move', facts, kind.noun);

  const submit = () => {
    if (!jobId || refusal) return; // the request is sent only with a target (spec 2 §5), and only when it can succeed
    move.mutate(
      { containerId: facts.id, jobId },
      {
        onSuccess: () => {
          showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} was moved to job ${jobId}.` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return;
          const reasons = error instanceof ApiError ? (error.details?.length ? error.details : [error.message]) : [];
          showAlert({ type: 'WARNING', message: CONTAINER_MESSAGES.moveFailed(jobId), details: reasons });
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {kind.noun} {facts.id} is in job {facts.jobId}. It can move, with its line items, to another unlocked job of
          registration <b>{facts.registrationNumber}</b>.
        </Text>
        <Select
          label="Destination Job"
          placeholder={targets.isPending ? 'Loading jobs…' : none ? 'No job to move to' : 'Pick a job'}
          data={targets.data ?? []}
          value={jobId}
          onChange={setJobId}
          searchable
          nothingFoundMessage="No job matches"
          disabled={targets.isPending || none || refusal !== undefined}
          maxDropdownHeight={280}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        {refusal && <RefusalNote>{refusal}</RefusalNote>}
        {none && !refusal && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            There are no other unlocked jobs of registration {facts.registrationNumber} with a current registration.
          </Alert>
        )}
        {targets.isError && (
          <Alert color="red" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            The jobs could not be loaded. Close this dialog and try again.
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!jobId || refusal !== undefined} loading={move.isPending}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
