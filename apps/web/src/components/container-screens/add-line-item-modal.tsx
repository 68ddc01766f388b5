import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../../app/routes.ts';
import { ApiError } from '../../lib/api-error.ts';
import { showAlert } from '../alerts/alert-store.ts';
import { useCreateLineItem } from './api/create-line-item.ts';
import type { ContainerKindConfig } from './container-kinds.ts';
import { NdcSelect } from './ndc-select.tsx';
import { problemFrom, ProblemAlert, type Problem } from './problem-alert.tsx';

interface AddLineItemModalProps {
  kind: ContainerKindConfig;
  containerId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * "Select an NDC Number" (spec 2 §2): OK stays disabled until an NDC is chosen; then the line item
 * is created with the NDC and its defaults, and its screen opens. The new-line-item rules the
 * server applies come back as a warning list here.
 */
export function AddLineItemModal({ kind, containerId, opened, onClose }: AddLineItemModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Select an NDC Number" size="lg">
      {/* Mounted only while open: every opening starts empty. */}
      {opened && <AddLineItemForm kind={kind} containerId={containerId} onClose={onClose} />}
    </Modal>
  );
}

function AddLineItemForm({ kind, containerId, onClose }: Omit<AddLineItemModalProps, 'opened'>) {
  const navigate = useNavigate();
  const create = useCreateLineItem(kind);
  const [ndc, setNdc] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = () => {
    if (!ndc) return;
    setProblem(null);
    create.mutate(
      { containerId, ndc },
      {
        onSuccess: ({ recordId }) => {
          showAlert({ type: 'SUCCESS', message: `Line item ${recordId} was added with NDC ${ndc}.` });
          onClose();
          void navigate(routePath(kind.lineItemRoute, { id: recordId }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return; // signed out already, and told why
          setProblem(problemFrom(error, 'The line item could not be added'));
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
          Search by NDC or trade name. The line item starts with the NDC's pack size, a pack quantity of 1 and
          a fill of 100%; complete it on its own screen.
        </Text>
        <NdcSelect
          value={ndc}
          onChange={(next) => {
            setNdc(next);
            setProblem(null);
          }}
          autoFocus
        />
        {problem && <ProblemAlert problem={problem} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ndc} loading={create.isPending}>
            OK
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
