import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { warningFrom, type Warning } from '../../../components/alerts/warning-list.tsx';
import { MoveDialog } from '../../../components/dialogs/move-dialog.tsx';
import { useMoveLineItem } from '../api/move-line-item.ts';
import { useMoveTargets } from '../api/move-targets.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { LINE_ITEM_CONFIRMATIONS, type LineItemFacts } from '../line-item-record.ts';

interface MoveLineItemModalProps {
  kind: LineItemKindConfig;
  facts: LineItemFacts;
  opened: boolean;
  onClose: () => void;
}

/**
 * Move Line Item (spec 2 §2, §4): choose another unlocked container of the same job ('There are no
 * more containers in this job' when there is none). The moved record the server answers replaces
 * the one on screen; a refusal shows in the dialog.
 */
export function MoveLineItemModal({ kind, facts, opened, onClose }: MoveLineItemModalProps) {
  const targets = useMoveTargets(kind, facts.jobId, facts.containerId, opened);
  const move = useMoveLineItem(kind);
  const [warning, setWarning] = useState<Warning | null>(null);
  const close = () => {
    setWarning(null);
    onClose();
  };
  return (
    <MoveDialog
      opened={opened}
      onClose={close}
      title="Move Line Item"
      intro={`${kind.noun} ${facts.id} is in container ${facts.containerId}${facts.containerName ? ` (${facts.containerName})` : ''} of job ${facts.jobId}. Choose where it goes.`}
      targets={targets}
      label="Destination container"
      placeholder="Choose a container"
      emptyMessage={LINE_ITEM_CONFIRMATIONS.noMoreContainers}
      targetsNoun="containers of this job"
      busy={move.isPending}
      warning={warning}
      onMove={(container) => {
        setWarning(null);
        move.mutate(
          { id: facts.id, container },
          {
            onSuccess: (record) => {
              const moved = String(record.fieldData[kind.containerIdField] ?? container);
              showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} was moved to container ${moved}.` });
              close();
            },
            onError: (error) => {
              if (error instanceof ApiError && error.status === 401) return;
              setWarning(warningFrom(error, `${kind.noun} ${facts.id} could not be moved`));
            },
          },
        );
      }}
    />
  );
}
