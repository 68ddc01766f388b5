import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { RefusalNote } from '../alerts/refusal-note.tsx';
import { warningFrom, WarningList, type Warning } from '../alerts/warning-list.tsx';
import { useBulkMoveTargets } from './api/bulk-move-targets.ts';
import { countOf, type BulkEntity, type BulkTarget, type MoveScope } from './bulk-model.ts';

interface BulkMoveDialogProps {
  opened: boolean;
  entity: BulkEntity;
  count: number;
  scope: MoveScope;
  refusal: string | undefined;
  busy: boolean;
  warning: Warning | null;
  onMove: (target: BulkTarget) => void;
  onClose: () => void;
}

/**
 * "Move {N} line items" / "Move {N} containers": choose the container or job they go to, found by
 * typing its number or name; Move stays disabled until one is chosen.
 */
export function BulkMoveDialog({ opened, entity, count, onClose, ...rest }: BulkMoveDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !rest.busy && onClose()} title={`Move ${countOf(entity, count)}`} size="lg">
      {opened && <BulkMoveForm entity={entity} count={count} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function BulkMoveForm({ entity, count, scope, refusal, busy, warning, onMove, onClose }: Omit<BulkMoveDialogProps, 'opened'>) {
  const toContainer = entity === 'line-items' || entity === 'yb-line-items';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [target, setTarget] = useState<string | null>(null);
  const targets = useBulkMoveTargets(entity, scope, debounced, refusal === undefined);
  const noun = toContainer ? 'container' : 'job';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (target && !refusal) onMove(toContainer ? { containerId: target } : { jobId: target });
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {toContainer
            ? `Move ${countOf(entity, count)} to another container${scope.jobId ? ` of job ${scope.jobId}` : ''}. Each goes only where it may: a line item that is locked, or whose new container is in another job, stays where it is and is listed as refused.`
            : `Move ${countOf(entity, count)} with their line items to another job${scope.registrationNumber ? ` of registration ${scope.registrationNumber}` : ''}. Each goes only where it may: a container that is locked, holds line items locked on their own or belongs to another registration stays where it is and is listed as refused.`}
        </Text>
        <Select
          label={toContainer ? 'Destination Container' : 'Destination Job'}
          placeholder={`Type a ${noun} number or name`}
          data={targets.data ?? []}
          value={target}
          onChange={setTarget}
          searchable
          // Typing opens the list; focus alone does not, so it never covers the dialog's buttons.
          openOnFocus={false}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={targets.isFetching ? 'Searching…' : `No unlocked ${noun} matches`}
          disabled={refusal !== undefined}
          maxDropdownHeight={280}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        {refusal && <RefusalNote>{refusal}</RefusalNote>}
        {targets.error != null && <WarningList warning={warningFrom(targets.error, `The ${noun}s could not be read`)} />}
        {warning && <WarningList warning={warning} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!target || refusal !== undefined} loading={busy}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
