import { Alert, Anchor, Button, Collapse, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Timeline, Title, UnstyledButton } from '@mantine/core';
import type { HistoryEntry } from '@3ds/domain';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconChevronDown,
  IconClipboardList,
  IconFileUpload,
  IconHistory,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPlus,
  IconPoint,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useId, useState, type ComponentType } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { useHistory, type HistoryEntity } from './api/get-history.ts';
import { changeText, CHANGES_SHOWN, historyTime } from './history-format.ts';
import classes from './history-panel.module.css';

interface HistoryPanelProps {
  entity: HistoryEntity;
  id: string;
}

/**
 * The History card of the job, container and line item screens: who changed what and when,
 * newest first. Closed at first; its entries load when it is opened, so the screen itself
 * renders as fast as without it.
 */
export function HistoryPanel({ entity, id }: HistoryPanelProps) {
  const [opened, setOpened] = useState(false);
  // Once opened, the list stays mounted so closing plays the collapse and reopening shows it at once.
  const [mounted, setMounted] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const toggle = () => {
    setMounted(true);
    setOpened((o) => !o);
  };

  return (
    <Paper withBorder shadow="xs" component="section" aria-labelledby={headingId} className={classes.card}>
      <Title order={2} fz="md" fw={650} id={headingId} m={0}>
        <UnstyledButton className={classes.toggle} onClick={toggle} aria-expanded={opened} aria-controls={bodyId}>
          <Group gap="xs" wrap="nowrap">
            <IconHistory size={18} stroke={1.8} aria-hidden />
            <span>History</span>
          </Group>
          <IconChevronDown size={18} stroke={1.8} aria-hidden className={classes.chevron} data-opened={opened || undefined} />
        </UnstyledButton>
      </Title>
      <Collapse expanded={opened} id={bodyId}>
        {mounted && (
          <div className={classes.body}>
            <HistoryList entity={entity} id={id} enabled={opened} />
          </div>
        )}
      </Collapse>
    </Paper>
  );
}

function HistoryList({ entity, id, enabled }: HistoryPanelProps & { enabled: boolean }) {
  const query = useHistory(entity, id, enabled);

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the history">
        {[0, 1, 2].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton height={24} width={24} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="40%" />
              <Skeleton height={10} width="25%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The history could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error instanceof ApiError ? query.error.message : 'Try again in a moment.'}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const entries = query.data.pages.flatMap((page) => page.data);
  const total = query.data.pages[0]?.total ?? 0;

  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No changes have been recorded yet.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      {/* A list, newest first: screen readers announce how many entries there are and move between them. */}
      <Timeline bulletSize={26} lineWidth={2} active={-1} role="list" aria-label="History entries">
        {entries.map((entry) => (
          <Timeline.Item
            key={entry.id}
            role="listitem"
            bullet={<EntryIcon entry={entry} />}
            title={<EntryTitle entry={entry} />}
            className={classes.item}
          >
            <EntryChanges entry={entry} />
          </Timeline.Item>
        ))}
      </Timeline>
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {entries.length} of {total} {total === 1 ? 'entry' : 'entries'}
        </Text>
        {query.hasNextPage && (
          <Button size="xs" variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </Group>
    </Stack>
  );
}

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  create: IconPlus,
  edit: IconPencil,
  'change-ndc': IconPencil,
  rename: IconPencil,
  lock: IconLock,
  unlock: IconLockOpen,
  move: IconArrowsExchange,
  'move-to-yellow-bucket': IconArrowsExchange,
  delete: IconTrash,
  'upload-file': IconFileUpload,
  declare: IconClipboardList,
  'job-ready': IconSend,
};

function EntryIcon({ entry }: { entry: HistoryEntry }) {
  const Icon = ICONS[entry.action] ?? IconPoint;
  return (
    <ThemeIcon size={26} radius="xl" variant={entry.own ? 'light' : 'default'} color={entry.action === 'delete' ? 'red' : undefined} aria-hidden>
      <Icon size={14} stroke={2} />
    </ThemeIcon>
  );
}

function EntryTitle({ entry }: { entry: HistoryEntry }) {
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text span size="sm" fw={600} c="dark.7">
        {entry.summary}
      </Text>
      <Text span size="xs" c="dimmed">
        <time dateTime={entry.at}>{historyTime(entry.at)}</time> · {entry.username}
      </Text>
    </Group>
  );
}

function EntryChanges({ entry }: { entry: HistoryEntry }) {
  const [all, setAll] = useState(false);
  if (entry.changes.length === 0) return null;
  // A creation lists every field it started with: the first few, and the rest on request.
  const shown = all || entry.changes.length <= CHANGES_SHOWN + 1 ? entry.changes : entry.changes.slice(0, CHANGES_SHOWN);
  return (
    <Stack gap={2} mt={4} component="ul" className={classes.changes}>
      {shown.map((change) => (
        <Text key={change.field} component="li" size="sm" c="dark.5">
          {changeText(change, entry.action)}
        </Text>
      ))}
      {shown.length < entry.changes.length && (
        <li>
          <Anchor component="button" type="button" size="sm" onClick={() => setAll(true)}>
            Show all {entry.changes.length} fields
          </Anchor>
        </li>
      )}
    </Stack>
  );
}
