import { isLineItemList } from '@3ds/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { Warning } from '../alerts/warning-list.tsx';
import { MoveDialog } from '../dialogs/move-dialog.tsx';
import { useBulkMoveTargets } from './api/bulk-move-targets.ts';
import { countOf, type bulkBody, type BulkEntity, type BulkTarget, type MoveScope } from './bulk-model.ts';
import { useBulkForecast } from './api/bulk-forecast.ts';
import { BulkForecast } from './bulk-forecast.tsx';

interface BulkMoveDialogProps {
  opened: boolean;
  entity: BulkEntity;
  count: number;
  scope: MoveScope;
  refusal: string | undefined;
  busy: boolean;
  warning: Warning | null;
  /** The request a move to the target would be, for its dry run once a target is chosen. */
  forecastBody: (target: BulkTarget) => ReturnType<typeof bulkBody>;
  onMove: (target: BulkTarget) => void;
  onClose: () => void;
}

/**
 * "Move {N} line items" / "Move {N} containers": the one move dialog, with the container or job they
 * go to found by typing its number or name (a selection may span more places than a list can hold).
 */
export function BulkMoveDialog({ opened, entity, count, scope, refusal, busy, warning, forecastBody, onMove, onClose }: BulkMoveDialogProps) {
  const toContainer = isLineItemList(entity);
  const noun = toContainer ? 'container' : 'job';
  const [search, setSearch] = useState('');
  // Every opening starts with nothing typed.
  useEffect(() => {
    if (opened) setSearch('');
  }, [opened]);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const targets = useBulkMoveTargets(entity, scope, debounced, opened && refusal === undefined);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <MoveDialog
      opened={opened}
      onClose={close}
      title={`Move ${countOf(entity, count)}`}
      intro={
        toContainer
          ? `Move ${countOf(entity, count)} to another container${scope.jobId ? ` of job ${scope.jobId}` : ''}. Each goes only where it may: a line item that is locked, or whose new container is in another job, stays where it is and is listed as refused.`
          : `Move ${countOf(entity, count)} with their line items to another job${scope.registrationNumber ? ` of registration ${scope.registrationNumber}` : ''}. Each goes only where it may: a container that is locked, holds line items locked on their own or belongs to another registration stays where it is and is listed as refused.`
      }
      targets={{ data: targets.data, isPending: targets.isPending, error: targets.error }}
      label={toContainer ? 'Destination Container' : 'Destination Job'}
      placeholder={`Type a ${noun} number or name`}
      emptyMessage={`No unlocked ${noun} matches`}
      targetsNoun={`${noun}s`}
      refusal={refusal}
      busy={busy}
      warning={warning}
      search={{ value: search, onChange: setSearch, searching: targets.isFetching }}
      preview={(target) => <MoveForecast entity={entity} count={count} body={forecastBody(toContainer ? { containerId: target } : { jobId: target })} onNavigate={close} />}
      onMove={(target) => onMove(toContainer ? { containerId: target } : { jobId: target })}
    />
  );
}

/** Once the destination is chosen: how many of the selection will move there, and which will be refused. */
function MoveForecast({ entity, count, body, onNavigate }: { entity: BulkEntity; count: number; body: ReturnType<typeof bulkBody>; onNavigate: () => void }) {
  const forecast = useBulkForecast(entity, body);
  return <BulkForecast entity={entity} action="move" count={count} forecast={forecast} onNavigate={onNavigate} />;
}
