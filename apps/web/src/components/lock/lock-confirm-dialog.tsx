import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { warningFrom, WarningList } from '../alerts/warning-list.tsx';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { useLockCheck, type LockableEntity } from './api/lock-check.ts';
import { IncompleteLineItems } from './incomplete-line-items.tsx';

interface LockConfirmDialogProps {
  opened: boolean;
  /** Lock (checked first) or unlock. */
  locking: boolean;
  entity: LockableEntity;
  id: string;
  /** "Job", "Container", "Line item": how the record is named in the dialog. */
  noun: string;
  title: string;
  question: ReactNode;
  busy: boolean;
  /** The failure of the last try (the server's refusal), shown in the dialog. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  /** What the dialog asks besides Yes or No (a job's unlock asks why); Yes waits while `confirmDisabled`. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/**
 * The confirmation of a lock or unlock. A lock first reads what keeps the record from being
 * locked — its line items that lack what DEA Form 41 and ARCOS need — and, when there are any,
 * lists them with links and offers no Yes: nothing is locked. A refusal of the lock itself (409
 * `INCOMPLETE` when something changed meanwhile, or any other) is shown in the dialog.
 */
export function LockConfirmDialog({
  opened,
  locking,
  entity,
  id,
  noun,
  title,
  question,
  busy,
  error,
  onConfirm,
  onClose,
  children,
  confirmDisabled = false,
}: LockConfirmDialogProps) {
  const check = useLockCheck(entity, id, opened && locking);
  const refused = error instanceof ApiError && error.incomplete?.length ? error.incomplete : undefined;
  const incomplete = refused ?? (locking ? check.data?.incomplete : undefined);
  const blocked = incomplete !== undefined && incomplete.length > 0;
  const one = incomplete?.length === 1;
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      question={question}
      busy={busy}
      checking={locking && check.isFetching}
      confirmDisabled={confirmDisabled}
      refusal={
        blocked ? (
          <>
            <Text size="sm" mb="xs">
              {noun} {id} cannot be locked yet: {one ? 'this line item lacks' : `these ${incomplete.length} line items lack`} what DEA Form 41 and ARCOS need.
              Open {one ? 'it' : 'each'} to complete {one ? 'it' : 'them'}, then lock again.
            </Text>
            <IncompleteLineItems items={incomplete} onNavigate={onClose} />
          </>
        ) : undefined
      }
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
      {locking && check.isFetching && (
        <Group gap="xs" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Checking that every line item has what Form 41 and ARCOS need…
          </Text>
        </Group>
      )}
      {error !== null && error !== undefined && !refused && <WarningList warning={warningFrom(error, `${noun} ${id} was not ${locking ? 'locked' : 'unlocked'}`)} />}
    </ConfirmDialog>
  );
}
