import { CONTAINER_MESSAGES } from '@3ds/domain';
import { ApiError } from '../../../lib/api-error.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { MoveDialog } from '../../../components/dialogs/move-dialog.tsx';
import { useMoveContainer } from '../api/move-container.ts';
import { useMoveTargetJobs } from '../api/move-target-jobs.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';
import { containerRefusal, type ContainerFacts } from '../container-record.ts';

interface MoveContainerModalProps {
  kind: ContainerKindConfig;
  facts: ContainerFacts;
  opened: boolean;
  onClose: () => void;
}

/**
 * Move Container (spec 2 §2, §4): "Select A Destination Job" among the unlocked jobs of the same
 * registration number whose registration has not expired. A refused move says which job in an
 * alert (spec 2 §8).
 */
export function MoveContainerModal({ kind, facts, opened, onClose }: MoveContainerModalProps) {
  const targets = useMoveTargetJobs(facts.registrationNumber, facts.jobId, opened);
  const move = useMoveContainer(kind);
  return (
    <MoveDialog
      opened={opened}
      onClose={onClose}
      title="Select A Destination Job"
      intro={
        <>
          {kind.noun} {facts.id} is in job {facts.jobId}. It can move, with its line items, to another unlocked job of registration{' '}
          <b>{facts.registrationNumber}</b>.
        </>
      }
      targets={targets}
      label="Destination Job"
      placeholder="Pick a job"
      emptyMessage={`There are no other unlocked jobs of registration ${facts.registrationNumber} with a current registration.`}
      targetsNoun="jobs"
      refusal={containerRefusal('container.move', facts, kind.noun)}
      busy={move.isPending}
      onMove={(jobId) =>
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
        )
      }
    />
  );
}
