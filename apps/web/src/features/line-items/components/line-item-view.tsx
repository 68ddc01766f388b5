import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import { canPerform, lockReason } from '@3ds/domain';
import { IconArrowsExchange, IconCopy, IconFilePencil, IconLockCheck, IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { useSession } from '../../../session/use-session.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { LineItemFormModal } from '../../../components/line-item-entry/line-item-form-modal.tsx';
import { LINE_ITEM_KINDS, type LineItemKind } from '../../../components/line-item-entry/line-item-kinds.ts';
import { NewLineItemFlow } from './new-line-item-flow.tsx';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import { HistoryPanel } from '../../../components/history/history-panel.tsx';
import { CorrectionsPanel } from '../../../components/corrections/corrections-panel.tsx';
import { RequestCorrectionModal } from '../../../components/corrections/request-correction-modal.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useRecord } from '../../../components/record-view/api/get-record.ts';
import { RecordLoadError } from '../../../components/record-view/detail-parts.tsx';
import { useDeleteLineItem } from '../api/delete-line-item.ts';
import { useLineItemLabel } from '../api/line-item-label.ts';
import { useLockLineItem } from '../api/lock-line-item.ts';
import { EditNdcModal } from './edit-ndc-modal.tsx';
import { LineItemCards, LineItemCardsSkeleton } from './line-item-cards.tsx';
import { LockBadge, LockToggle } from '../../../components/lock/lock-toggle.tsx';
import { LockConfirmDialog } from '../../../components/lock/lock-confirm-dialog.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import {
  finalNote,
  LINE_ITEM_CONFIRMATIONS,
  lineItemActions,
  lineItemFacts,
  lockToggleMode,
  showsBulkDetails,
  siblingPosition,
} from '../line-item-record.ts';
import { MoveLineItemModal } from './move-line-item-modal.tsx';
import { SiblingPager } from './sibling-pager.tsx';

interface LineItemViewProps {
  kind: LineItemKind;
  /** The edit route: the view with the line item form open in edit mode. */
  editing?: boolean;
}

type Dialog = 'new' | 'duplicate' | 'move' | 'edit-ndc' | 'correct' | null;

const ICON = { size: 16, stroke: 1.8, 'aria-hidden': true } as const;

/**
 * The line item screen (spec 2 §2 "Line item and Yellow Bucket line item detail"): heading with
 * the NDC, the lock toggle and the sibling pager; the actions an unlocked line item offers; the
 * header, NDC Info, Quantities and Form Info cards; and the dialogs behind the actions.
 */
export function LineItemView({ kind: kindName, editing = false }: LineItemViewProps) {
  const kind = LINE_ITEM_KINDS[kindName];
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const privileges = session?.privileges ?? [];
  const query = useRecord(kind.entity, id);
  const record = query.data;
  const facts = useMemo(() => (record ? lineItemFacts(record, kind) : null), [record, kind]);
  const lock = useLockLineItem(kind);
  const remove = useDeleteLineItem(kind);
  const label = useLineItemLabel(kind);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [labelHref, setLabelHref] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'lock' | 'unlock' | 'delete' | null>(null);

  const title = `${kind.noun} ${id}`;
  const viewPath = routePath(kind.viewRoute, { id });
  const cameFromView = (location.state as { from?: unknown } | null)?.from === kind.viewRoute;

  // The edit screen is entered only from the view (spec 2 §2); otherwise it is the view.
  if (editing && !cameFromView) return <Navigate to={viewPath} replace />;

  if (query.isError) {
    return (
      <PageFrame title={title}>
        <RecordLoadError what="line item" error={query.error} />
      </PageFrame>
    );
  }

  if (!facts || !record) {
    return (
      <PageFrame
        title={title}
        titleAddon={<Skeleton height={34} width={34} radius="md" />}
        subtitle={<Skeleton height={12} width={160} mt={4} />}
        actions={
          <>
            <Skeleton height={36} width={150} radius="sm" />
            <Skeleton height={34} width={190} radius="md" />
          </>
        }
      >
        <Group gap="sm" aria-hidden>
          {[70, 140, 170, 140].map((width, index) => (
            <Skeleton key={index} height={36} width={width} radius="sm" />
          ))}
        </Group>
        <LineItemCardsSkeleton />
      </PageFrame>
    );
  }

  const mode = lockToggleMode(facts, privileges);
  const can = lineItemActions(facts, privileges);
  if (editing && !can.edit) return <Navigate to={viewPath} replace />;
  const position = siblingPosition(facts.siblings, facts.id);
  const parentReason = facts.jobLocked ? `Locked: job ${facts.jobId} is locked` : `Locked: container ${facts.containerId} is locked`;

  const closeEditor = () => {
    // Back to the view the editor was opened from (it is the previous page).
    if (cameFromView && location.key !== 'default') void navigate(-1);
    else void navigate(viewPath, { replace: true });
  };

  const confirmLock = () => setConfirming(mode === 'lock' ? 'lock' : 'unlock');
  const confirmDelete = () => setConfirming('delete');
  const done = { onSettled: () => setConfirming(null) };
  const confirmed = () => {
    if (confirming === 'delete') {
      remove.mutate(id, {
        ...done,
        onSuccess: async ({ containerId }) => {
          showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} was deleted.` });
          await navigate(routePath(kind.containerRoute, { id: containerId ?? facts.containerId }), { replace: true });
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

  const generateLabel = () => label.mutate(facts.id, { onSuccess: (href) => setLabelHref(href) });

  const editActions = can.edit || can.create || can.duplicate || can.move || can.delete;
  const final = finalNote(facts);

  return (
    <PageFrame
      title={title}
      titleAddon={
        <>
          <LockToggle mode={mode} locked={facts.locked} noun="line item" parentReason={parentReason} pending={lock.isPending} onToggle={confirmLock} />
          <LockBadge reason={lockReason({ own: facts.ownLocked, container: facts.containerLocked, job: facts.jobLocked })} />
        </>
      }
      subtitle={
        <Group gap={8} wrap="wrap">
          <Text span size="md" c="dark.6" fw={600}>
            {facts.ndc || 'No NDC'}
          </Text>
          {facts.description && (
            <Text span size="sm" c="dimmed">
              {facts.description}
              {facts.strength ? ` · ${facts.strength}` : ''}
            </Text>
          )}
        </Group>
      }
      actions={
        <>
          <Button variant="light" leftSection={<IconTag {...ICON} />} onClick={generateLabel} loading={label.isPending}>
            Generate Label
          </Button>
          {position && <SiblingPager position={position} onGo={(next) => void navigate(routePath(kind.viewRoute, { id: next }))} />}
        </>
      }
    >
      <Group gap="sm" wrap="wrap" mih={36}>
        {can.edit && (
          <Button
            component={Link}
            to={routePath(kind.editRoute, { id: facts.id })}
            state={{ from: kind.viewRoute }}
            variant="default"
            leftSection={<IconPencil {...ICON} />}
          >
            Edit
          </Button>
        )}
        {can.create && (
          <Button variant="default" leftSection={<IconPlus {...ICON} />} onClick={() => setDialog('new')}>
            New Line Item
          </Button>
        )}
        {can.duplicate && (
          <Button variant="default" leftSection={<IconCopy {...ICON} />} onClick={() => setDialog('duplicate')}>
            Duplicate Line Item
          </Button>
        )}
        {can.move && (
          <Button variant="default" leftSection={<IconArrowsExchange {...ICON} />} onClick={() => setDialog('move')}>
            Move Line Item
          </Button>
        )}
        {can.delete && (
          <Button variant="light" color="red" leftSection={<IconTrash {...ICON} />} onClick={confirmDelete} loading={remove.isPending}>
            Delete Line Item
          </Button>
        )}
        {!editActions && !final && (
          <Text size="sm" c="dimmed">
            {facts.locked ? 'This line item is locked: it can be viewed and labelled, not changed.' : 'You may view and label this line item.'}
          </Text>
        )}
      </Group>
      {final && (
        <Alert variant="light" color="gray" title="Final" icon={<IconLockCheck {...ICON} />}>
          <Text size="sm">{final}</Text>
          {canPerform(privileges, 'correction.request') && (
            <Button mt="sm" size="xs" variant="light" leftSection={<IconFilePencil {...ICON} />} onClick={() => setDialog('correct')}>
              Ask for a Correction
            </Button>
          )}
        </Alert>
      )}

      <LineItemCards
        kind={kind}
        facts={facts}
        showBulkDetails={showsBulkDetails(facts, session?.parentOrganization)}
        onEditNdc={can.editNdc ? () => setDialog('edit-ndc') : undefined}
      />
      <CorrectionsPanel of={{ lineItemId: facts.id, yellowBucket: kind.entity === 'yb-line-items' }} />
      <HistoryPanel entity={kind.entity} id={id} />
      {final && (
        <RequestCorrectionModal
          opened={dialog === 'correct'}
          onClose={() => setDialog(null)}
          target={{ kind: 'line-item', id: facts.id }}
          noun={`${kind.noun} ${facts.id}`}
          current={{
            'Pack Quantity': facts.packQuantity,
            'Pack Size': facts.packSize,
            'Percent Fill': facts.percentFill,
            'Lot Number': facts.lotNumber,
            'Expiration Date': facts.expirationDate,
          }}
        />
      )}

      {can.edit && (
        <LineItemFormModal
          kind={kind}
          mode="edit"
          ndc={facts.ndc}
          containerId={facts.containerId}
          record={record}
          opened={editing}
          onClose={closeEditor}
          onSaved={closeEditor}
          onReload={async () => (await query.refetch()).data}
        />
      )}
      {can.duplicate && (
        <LineItemFormModal
          kind={kind}
          mode="duplicate"
          ndc={facts.ndc}
          containerId={facts.containerId}
          record={record}
          opened={dialog === 'duplicate'}
          onClose={() => setDialog(null)}
          onSaved={(newId) => {
            setDialog(null);
            void navigate(routePath(kind.viewRoute, { id: newId }));
          }}
        />
      )}
      {can.create && <NewLineItemFlow kind={kind} containerId={facts.containerId} opened={dialog === 'new'} onClose={() => setDialog(null)} />}
      {can.move && <MoveLineItemModal kind={kind} facts={facts} opened={dialog === 'move'} onClose={() => setDialog(null)} />}
      {can.editNdc && (
        <EditNdcModal kind={kind} facts={facts} opened={dialog === 'edit-ndc'} onClose={() => setDialog(null)} onReload={() => void query.refetch()} />
      )}
      <ConfirmDialog
        opened={confirming === 'delete'}
        title="Delete Line Item"
        question={LINE_ITEM_CONFIRMATIONS.delete}
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
        title={confirming === 'unlock' ? 'Unlock Line Item' : 'Lock Line Item'}
        question={confirming === 'unlock' ? LINE_ITEM_CONFIRMATIONS.unlock : LINE_ITEM_CONFIRMATIONS.lock}
        busy={lock.isPending}
        error={lock.error}
        onConfirm={confirmed}
        onClose={closeConfirm}
      />
      <DownloadDialog href={labelHref} fileName="label.pdf" title="Label ready" onClose={() => setLabelHref(null)} />
    </PageFrame>
  );
}
