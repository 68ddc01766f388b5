import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { CONTAINER_MESSAGES, lockReason } from '@3ds/domain';
import { IconArrowsExchange, IconLockCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordLoadError } from '../../../components/record-view/detail-parts.tsx';
import { routePath } from '../../../config/paths.ts';
import { useSession } from '../../../session/use-session.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { HistoryPanel } from '../../../components/history/history-panel.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useRecord } from '../../../components/record-view/api/get-record.ts';
import { AddLineItemModal } from './add-line-item-modal.tsx';
import { useDeleteContainer } from '../api/delete-container.ts';
import { useLockContainer } from '../api/lock-container.ts';
import { CONTAINER_KINDS, type ContainerKind } from '../container-kinds.ts';
import { ContainerInfoCards, ContainerInfoCardsSkeleton } from './container-info-cards.tsx';
import { ContainerLineItems, ContainerLineItemsSkeleton } from './container-line-items.tsx';
import { LockBadge, LockToggle } from '../../../components/lock/lock-toggle.tsx';
import { LockConfirmDialog } from '../../../components/lock/lock-confirm-dialog.tsx';
import { containerActions, containerFacts, containerFinalNote, containerRefusal, lineItemRows, lockToggleMode } from '../container-record.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { MoveContainerModal } from './move-container-modal.tsx';
import { ScanIntake } from './scan-intake.tsx';

/**
 * The container detail screen (spec 2 §2 "Container detail", "Yellow Bucket container detail"):
 * heading with the lock toggle, the summary and weights, the actions an unlocked container offers,
 * and its line items.
 */
export function ContainerView({ kind: kindName }: { kind: ContainerKind }) {
  const kind = CONTAINER_KINDS[kindName];
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const privileges = session?.privileges ?? [];
  const query = useRecord(kind.entity, id);
  const record = query.data;
  const facts = useMemo(() => (record ? containerFacts(record, kind.idField) : null), [record, kind.idField]);
  const rows = useMemo(() => (record ? lineItemRows(record) : []), [record]);
  const lock = useLockContainer(kind);
  const remove = useDeleteContainer(kind);
  const [moving, setMoving] = useState(false);
  const [confirming, setConfirming] = useState<'lock' | 'unlock' | 'delete' | null>(null);
  const [adding, setAdding] = useState(false);
  // The line item the last scan added here, marked in the Line Items card.
  const [justAdded, setJustAdded] = useState<string | null>(null);

  const title = `${kind.noun} ${id}`;

  if (query.isError) {
    return (
      <PageFrame title={title}>
        <RecordLoadError what="container" error={query.error} />
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
  const final = containerFinalNote(facts);

  const confirmLock = () => setConfirming(mode === 'lock' ? 'lock' : 'unlock');
  const confirmDelete = () => setConfirming('delete');
  const done = { onSettled: () => setConfirming(null) };
  const confirmed = () => {
    if (confirming === 'delete') {
      remove.mutate(id, {
        ...done,
        onSuccess: async ({ jobId }) => {
          showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} and its line items were deleted.` });
          await navigate(routePath('job-view', { id: jobId ?? facts.jobId }), { replace: true });
        },
      });
    } else if (confirming) {
      const locking = confirming === 'lock';
      lock.mutate(
        { id: facts.id, lock: locking },
        {
          onSuccess: () => {
            showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} was ${locking ? 'locked' : 'unlocked'}.` });
            closeConfirm();
          },
        },
      );
    }
  };
  const closeConfirm = () => {
    setConfirming(null);
    lock.reset();
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
          <LockBadge reason={lockReason({ own: facts.ownLocked, job: facts.jobLocked })} />
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
        {final && (
          <Alert variant="light" color="gray" title="Final" icon={<IconLockCheck size={18} stroke={1.8} aria-hidden />}>
            {final}
          </Alert>
        )}
        <ContainerInfoCards kind={kind} facts={facts} />
        {can.addLineItem && <ScanIntake key={facts.id} kind={kind} containerId={facts.id} onAdded={setJustAdded} />}
        <ContainerLineItems
          kind={kind}
          containerId={facts.id}
          jobId={facts.jobId}
          rows={rows}
          canAdd={can.addLineItem}
          onAdd={() => setAdding(true)}
          justAdded={justAdded}
        />
        <HistoryPanel entity={kind.entity} id={id} />
      </Stack>
      <ConfirmDialog
        opened={confirming === 'delete'}
        title="Delete Container"
        question={CONTAINER_MESSAGES.deleteConfirm}
        refusal={containerRefusal('container.delete', facts, kind.noun)}
        danger
        busy={remove.isPending}
        onConfirm={confirmed}
        onClose={() => setConfirming(null)}
      />
      <LockConfirmDialog
        opened={confirming === 'lock' || confirming === 'unlock'}
        locking={confirming === 'lock'}
        entity={kind.entity}
        id={facts.id}
        noun={kind.noun}
        title={confirming === 'unlock' ? 'Unlock Container' : 'Lock Container'}
        question={confirming === 'unlock' ? CONTAINER_MESSAGES.unlockConfirm : CONTAINER_MESSAGES.lockConfirm}
        busy={lock.isPending}
        error={lock.error}
        onConfirm={confirmed}
        onClose={closeConfirm}
      />
      {can.move && <MoveContainerModal kind={kind} facts={facts} opened={moving} onClose={() => setMoving(false)} />}
      {can.addLineItem && <AddLineItemModal kind={kind} containerId={facts.id} opened={adding} onClose={() => setAdding(false)} />}
    </PageFrame>
  );
}
