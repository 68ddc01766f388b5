import { Badge, Button, Group, Tabs, Text } from '@mantine/core';
import { CONTAINER_MESSAGES, lockRefusalText } from '@3ds/domain';
import { IconBucket, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { getRecordQueryOptions } from '../../../components/record-view/api/get-record.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import type { RecordData } from '../../../lib/records/record-shapes.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { isAbortError } from '../../../lib/handle-error.ts';
import { useMoveContainerToYellowBucket } from '../api/move-container-to-yb.ts';
import {
  containerCount,
  containerRows,
  totalLineItems,
  totalLineItemsText,
  type ContainerKind,
  type ContainerRow,
  type JobPermissions,
} from '../job-record.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { JobContainerTable } from './job-container-table.tsx';
import { NewContainerModal } from './new-container-modal.tsx';
import classes from './job-view.module.css';

interface JobContainersTabsProps {
  jobId: string;
  record: RecordData;
  permissions: JobPermissions;
  fetching: boolean;
  /** Shown at the right end of the tab bar (the export menus, which cover both kinds). */
  actions?: ReactNode;
  /** The tab shown (the screen's summary at the top picks one too). */
  tab: ContainerKind;
  onTabChange: (tab: ContainerKind) => void;
}

const TABS: { kind: ContainerKind; label: string; addLabel: string }[] = [
  { kind: 'standard', label: 'Containers', addLabel: 'Container' },
  { kind: 'yellow_bucket', label: 'Yellow Bucket Containers', addLabel: 'Yellow Bucket' },
];

/**
 * The tabs "Containers" and "Yellow Bucket Containers" (spec 1 §2), each with its "{n} Total Line
 * Items" note, its add link ("Container", "Yellow Bucket": CREATE_CONTAINER on an unlocked job)
 * and its table; standard rows can be moved into a Yellow Bucket after a confirmation.
 */
export function JobContainersTabs({ jobId, record, permissions, fetching, actions, tab, onTabChange }: JobContainersTabsProps) {
  const [creating, setCreating] = useState<ContainerKind | null>(null);
  // The row stays set while the dialog closes, so its text does not change during the transition.
  const [moving, setMoving] = useState<ContainerRow | null>(null);
  const [moveOpen, setMoveOpen] = useState(false);
  const move = useMoveContainerToYellowBucket();
  // The container's own record says whether it holds line items locked on their own, which keep it
  // from moving: asked for when the dialog opens, so the reason shows before Yes.
  const movingRecord = useQuery({ ...getRecordQueryOptions('containers', moving?.id ?? ''), enabled: moveOpen && moving !== null });
  const moveRefusal =
    moving && movingRecord.data
      ? lockRefusalText(
          'job.move-container-to-yb',
          { ownLockedItems: Number(movingRecord.data.fieldData['Line Items Locked On Their Own'] ?? 0) || 0 },
          { noun: 'Container', id: moving.id },
        )
      : undefined;

  const askMove = useCallback((row: ContainerRow) => {
    setMoving(row);
    setMoveOpen(true);
  }, []);

  const confirmMove = () => {
    if (!moving) return;
    const containerId = moving.id;
    move.mutate(
      { jobId, containerId },
      {
        onSuccess: (result) =>
          showAlert({
            type: 'SUCCESS',
            message: result.containerId
              ? `Container ${containerId} is now Yellow Bucket container ${result.containerId}`
              : `Container ${containerId} was moved to a Yellow Bucket`,
          }),
        onError: (error) => {
          if (isAbortError(error) || (error instanceof ApiError && error.status === 401)) return;
          showAlert({
            type: 'DANGER',
            message: CONTAINER_MESSAGES.moveToYellowBucketFailed,
            details: error instanceof ApiError ? [error.message] : undefined,
          });
        },
        // Spec 1 §8: on failure the alert shows, then the modal closes — as on success.
        onSettled: () => setMoveOpen(false),
      },
    );
  };

  return (
    <>
      <Tabs value={tab} onChange={(value) => value && onTabChange(value as ContainerKind)} variant="outline" keepMounted={false}>
        <div className={classes.tabsBar}>
          <Tabs.List className={classes.tabsList}>
            {TABS.map(({ kind, label }) => (
              <Tabs.Tab
                key={kind}
                value={kind}
                leftSection={kind === 'yellow_bucket' ? <IconBucket size={16} stroke={1.7} aria-hidden /> : undefined}
                rightSection={
                  <Badge size="sm" variant="light" color={kind === 'yellow_bucket' ? 'yellow' : 'brand'} radius="sm">
                    {containerCount(record, kind)}
                  </Badge>
                }
              >
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {actions && <div className={classes.tabsActions}>{actions}</div>}
        </div>
        {TABS.map(({ kind, addLabel }) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <Group justify="space-between" mb="sm" gap="sm" mih={36}>
              <Text size="sm" c="dimmed" fw={500}>
                {totalLineItemsText(totalLineItems(record.fieldData, kind))}
              </Text>
              {permissions.canAddContainer && (
                <Button variant="light" size="sm" leftSection={<IconPlus size={16} stroke={2} aria-hidden />} onClick={() => setCreating(kind)}>
                  {addLabel}
                </Button>
              )}
            </Group>
            <JobContainerTable
              kind={kind}
              rows={containerRows(record, kind)}
              fetching={fetching}
              onMove={kind === 'standard' && permissions.canMoveContainer ? askMove : undefined}
            />
          </Tabs.Panel>
        ))}
      </Tabs>

      <NewContainerModal jobId={jobId} kind={creating} onClose={() => setCreating(null)} />

      <ConfirmDialog
        opened={moveOpen}
        title="Move To Yellow Bucket"
        question={moving ? CONTAINER_MESSAGES.moveToYellowBucketConfirm(moving.id) : ''}
        busy={move.isPending}
        refusal={moveRefusal}
        checking={movingRecord.isFetching}
        danger
        onConfirm={confirmMove}
        onClose={() => setMoveOpen(false)}
      />
    </>
  );
}
