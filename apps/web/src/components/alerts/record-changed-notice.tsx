import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RecordChangeEntity } from '../../lib/live-events/live-events.ts';
import { changeToReport, recordChanges } from '../../lib/live-events/record-changes.ts';
import { useSession } from '../../session/use-session.ts';

interface RecordChangedNoticeProps {
  entity: RecordChangeEntity;
  recordId: string;
  /** The form's own save is under way (its change is not "someone else's"). */
  saving: boolean;
  /** Starts the form again from the record as it is now. */
  onReload: () => void | Promise<void>;
}

/**
 * In a form being edited: "Changed by {user} just now — reload" once the record changes anywhere
 * after the form opened, heard on the live change stream. The form keeps what the user typed; Save
 * would still be refused (409, the record's modId moved on), so nothing is overwritten silently.
 */
export function RecordChangedNotice({ entity, recordId, saving, onReload }: RecordChangedNoticeProps) {
  const username = useSession()?.username;
  const [openedAt] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const ownSaveSince = useRef<number | null>(null);
  useEffect(() => {
    if (saving) ownSaveSince.current ??= Date.now();
  }, [saving]);
  const latest = useSyncExternalStore(recordChanges.subscribe, () => recordChanges.latest(entity, recordId));
  const change = changeToReport(latest, { openedAt, username, ownSaveSince: ownSaveSince.current });
  if (!change || change.id === dismissed) return null;

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      setDismissed(change.id);
      ownSaveSince.current = null;
    } finally {
      setReloading(false);
    }
  };

  return (
    <Alert color="orange" variant="light" icon={<IconRefreshAlert size={18} aria-hidden />} role="alert" data-alert-type="WARNING">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">
          Changed by {change.user} just now — reload
        </Text>
        <Button size="xs" variant="default" loading={reloading} onClick={() => void reload()}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
