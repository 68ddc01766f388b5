import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { showAlert } from '../../../components/alerts/alert-store.ts';
import type { LineItemKindConfig } from '../line-item-kinds.ts';
import { warningFrom, WarningList, type Warning } from '../../../components/alerts/warning-list.tsx';
import { useMoveLineItem } from '../api/move-line-item.ts';
import { useMoveTargets } from '../api/move-targets.ts';
import { containerOptionLabel, LINE_ITEM_CONFIRMATIONS, type LineItemFacts } from '../line-item-record.ts';

interface MoveLineItemModalProps {
  kind: LineItemKindConfig;
  facts: LineItemFacts;
  opened: boolean;
  onClose: () => void;
}

/**
 * Move Line Item (spec 2 §2, §4): choose another unlocked container of the same job; Move stays
 * disabled until one is chosen. The moved record the server answers replaces the one on screen.
 */
export function MoveLineItemModal({ kind, facts, opened, onClose }: MoveLineItemModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Move Line Item" size="md">
      {opened && <MoveLineItemForm kind={kind} facts={facts} onClose={onClose} />}
    </Modal>
  );
}

function MoveLineItemForm({ kind, facts, onClose }: Omit<MoveLineItemModalProps, 'opened'>) {
  const targets = useMoveTargets(kind, facts.jobId, facts.containerId, true);
  const move = useMoveLineItem(kind);
  const [container, setContainer] = useState<string | null>(null);
  const [warning, setWarning] = useState<Warning | null>(null);
  const options = (targets.data ?? []).map((target) => ({ value: target.id, label: containerOptionLabel(target.id, target.name) }));

  const submit = () => {
    if (!container) return;
    setWarning(null);
    move.mutate(
      { id: facts.id, container },
      {
        onSuccess: (record) => {
          const moved = String(record.fieldData[kind.containerIdField] ?? container);
          showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} was moved to container ${moved}.` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return;
          setWarning(warningFrom(error, `${kind.noun} ${facts.id} could not be moved`));
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
          {kind.noun} {facts.id} is in container {facts.containerId}
          {facts.containerName ? ` (${facts.containerName})` : ''} of job {facts.jobId}. Choose where it goes.
        </Text>
        {targets.isPending ? (
          <Stack gap={6} aria-busy="true" aria-label="Loading the containers">
            <Skeleton height={12} width={140} />
            <Skeleton height={36} />
          </Stack>
        ) : targets.isError ? (
          <WarningList warning={warningFrom(targets.error, 'The containers of this job could not be read')} />
        ) : options.length === 0 ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {LINE_ITEM_CONFIRMATIONS.noMoreContainers}
          </Alert>
        ) : (
          <Select
            label="Destination container"
            placeholder="Choose a container"
            data={options}
            value={container}
            onChange={setContainer}
            searchable
            nothingFoundMessage="No such container"
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        )}
        {warning && <WarningList warning={warning} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!container} loading={move.isPending}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
