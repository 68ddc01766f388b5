import { Alert, Badge, Button, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONTAINER_MESSAGES } from '@3ds/domain';
import { IconAlertTriangle, IconArrowsExchange, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { routePath } from '../../../app/routes.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSession } from '../../../session/use-session.ts';
import { showAlert } from '../../../components/alerts/alert-store.ts';
import { recordsKeys } from '../../../components/list-screen/api/list-records.ts';
import { HistoryPanel } from '../../../components/history/history-panel.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useRecord } from '../../../components/record-view/api/get-record.ts';
import { AddLineItemModal } from './add-line-item-modal.tsx';
import { useDeleteContainer } from '../api/delete-container.ts';
import { useLockContainer } from '../api/lock-container.ts';
import { CONTAINER_KINDS, type ContainerKind } from '../container-kinds.ts';
import { ContainerInfoCards, ContainerInfoCardsSkeleton } from './container-info-cards.tsx';
import { ContainerLineItems, ContainerLineItemsSkeleton } from './container-line-items.tsx';
import { LockToggle } from '../../../components/lock/lock-toggle.tsx';
import { containerActions, containerFacts, containerRefusal, lineItemRows, lockToggleMode } from '../container-record.ts';
import { RefusalNote } from '../../../components/alerts/refusal-note.tsx';
import { MoveContainerModal } from './move-container-modal.tsx';

/**
 * The container detail screen (spec 2 §2 "Container detail", "Yellow Bucket container detail"):
 * heading with the lock toggle, the summary and weights, the actions an unlocked container offers,
 * and its line items.
 */
export function ContainerView({ kind: kindName }: { kind: ContainerKind }) {
  const kind = CONTAINER_KINDS[kindName];
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const privileges = session?.privileges ?? [];
  const query = useRecord(kind.entity, id);
  const record = query.data;
  const facts = useMemo(() => (record ? containerFacts(record, kind.idField) : null), [record, kind.idField]);
  const rows = useMemo(() => (record ? lineItemRows(record) : []), [record]);
  const lock = useLockContainer(kind);
  const remove = useDeleteContainer(kind);
  const [moving, setMoving] = useState(false);
  const [adding, setAdding] = useState(false);

  const title = `${kind.noun} ${id}`;

  if (query.isError) {
    return (
      <PageFrame title={title}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="This container could not be shown">
          {query.error instanceof ApiError && query.error.status === 404
            ? 'It does not exist, or it was deleted.'
            : query.error instanceof ApiError
              ? query.error.message
              : 'Reload the page to try again.'}
        </Alert>
      </PageFrame>
    );
  }

  if (!facts) {
    return (
      <PageFrame title={title} titleAddon={<Skeleton height={34} width={34} radius="md" />} subtitle={<Skeleton height={12} width={140} mt={4} />}>
        <Stack gap="lg">
          <ContainerInfoCardsSkeleton />
          <ContainerLineItemsSkeleton />
        </Stack>
      </PageFrame>
    );
  }

  const mode = lockToggleMode(facts, privileges);
  const can = containerActions(facts, privileges, kind);

  const confirmLock = () => {
    const locking = mode === 'lock';
    modals.openConfirmModal({
      title: locking ? 'Lock Container' : 'Unlock Container',
      children: <Text size="sm">{locking ? CONTAINER_MESSAGES.lockConfirm : CONTAINER_MESSAGES.unlockConfirm}</Text>,
      onConfirm: () => lock.mutate({ id: facts.id, lock: locking }),
    });
  };

  const confirmDelete = () => {
    const refusal = containerRefusal('container.delete', facts, kind.noun);
    modals.openConfirmModal({
      title: 'Delete Container',
      children: (
        <Stack gap="sm">
          <Text size="sm">{CONTAINER_MESSAGES.deleteConfirm}</Text>
          {refusal && <RefusalNote>{refusal}</RefusalNote>}
        </Stack>
      ),
      confirmProps: { color: 'red', disabled: refusal !== undefined },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: async ({ jobId }) => {
            showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} and its line items were deleted.` });
            await navigate(routePath('job-view', { id: jobId ?? facts.jobId }), { replace: true });
            queryClient.removeQueries({ queryKey: recordsKeys.record(kind.entity, id), exact: true });
          },
        }),
    });
  };

  const actions = (
    <>
      {can.edit && (
        <Button
          component={Link}
          to={routePath(kind.editRoute, { id: facts.id })}
          state={{ from: kind.viewRoute }}
          variant="default"
          leftSection={<IconPencil size={16} stroke={1.8} aria-hidden />}
        >
          Edit
        </Button>
      )}
      {can.move && (
        <Button variant="default" leftSection={<IconArrowsExchange size={16} stroke={1.8} aria-hidden />} onClick={() => setMoving(true)}>
          Move Container
        </Button>
      )}
      {can.delete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} stroke={1.8} aria-hidden />}
          onClick={confirmDelete}
          loading={remove.isPending}
        >
          Delete Container
        </Button>
      )}
    </>
  );

  return (
    <PageFrame
      title={title}
      titleAddon={
        <>
          <LockToggle
            mode={mode}
            locked={facts.locked}
            noun="container"
            alsoLocks=" and its line items"
            parentReason={`Locked: job ${facts.jobId} is locked`}
            pending={lock.isPending}
            onToggle={confirmLock}
          />
          {facts.jobLocked ? (
            <Badge variant="light" color="gray" radius="sm">
              Job locked
            </Badge>
          ) : facts.ownLocked ? (
            <Badge variant="light" color="gray" radius="sm">
              Locked
            </Badge>
          ) : null}
        </>
      }
      subtitle={
        <Text span size="md" c="dark.6" fw={500}>
          {facts.name || 'No container name'}
        </Text>
      }
      actions={can.edit || can.move || can.delete ? actions : undefined}
    >
      <Stack gap="lg">
        <ContainerInfoCards kind={kind} facts={facts} />
        <ContainerLineItems kind={kind} containerId={facts.id} rows={rows} canAdd={can.addLineItem} onAdd={() => setAdding(true)} />
        <HistoryPanel entity={kind.entity} id={id} />
      </Stack>
      {can.move && <MoveContainerModal kind={kind} facts={facts} opened={moving} onClose={() => setMoving(false)} />}
      {can.addLineItem && <AddLineItemModal kind={kind} containerId={facts.id} opened={adding} onClose={() => setAdding(false)} />}
    </PageFrame>
  );
}
