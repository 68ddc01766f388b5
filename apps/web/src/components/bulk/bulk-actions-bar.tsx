import { Anchor, Button, Group, Menu, Modal, Paper, Stack, Text } from '@mantine/core';
import { bulkActionRule } from '@3ds/domain';
import {
  IconArrowsExchange,
  IconChevronDown,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconLock,
  IconLockOpen,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../session/use-session.ts';
import { sessionMayPerform } from '../../session/session.ts';
import { showAlert } from '../../lib/alert-store.ts';
import { warningFrom, WarningList, type Warning } from '../alerts/warning-list.tsx';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { useShownWhileOpen } from '../dialogs/use-shown-while-open.ts';
import { DownloadDialog } from '../dialogs/download-dialog.tsx';
import { useBulkAction } from './api/run-bulk-action.ts';
import { useBulkForecast } from './api/bulk-forecast.ts';
import { BulkForecast } from './bulk-forecast.tsx';
import { RefusedList } from './refused-list.tsx';
import { BulkMoveDialog } from './bulk-move-dialog.tsx';
import {
  ACTION_LABELS,
  bulkBody,
  confirmQuestion,
  countOf,
  noneCanBeDone,
  offersSelectAllFound,
  selectionCount,
  selectionRefusal,
  summaryLine,
  type BulkAction,
  type BulkEntity,
  type BulkFind,
  type BulkResult,
  type BulkTarget,
  type MoveScope,
  type Selection,
} from './bulk-model.ts';
import classes from './bulk-actions-bar.module.css';

interface BulkActionsBarProps {
  entity: BulkEntity;
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  /** The ids of the rows on screen. */
  pageIds: readonly string[];
  /** How many records the list's find holds. */
  foundCount: number;
  /** The list's find, exactly as the list sends it ("all found" acts on it). */
  listFind: BulkFind;
  /** Where a move may go, as far as the selection tells (see `moveScopeOf`). */
  moveScope: MoveScope;
}

type Asked = { action: Exclude<BulkAction, 'export'> } | { action: 'export'; fileType: 'xlsx' | 'pdf' };

/**
 * The selection's bar on a list (issue: bulk actions): how many are selected, "Select all N
 * found", and the actions the permission table allows the user — each asked for with the count,
 * then summed up ("38 locked, 2 refused: …").
 */
export function BulkActionsBar({ entity, selection, onSelectionChange, pageIds, foundCount, listFind, moveScope }: BulkActionsBarProps) {
  const session = useSession();
  const bulk = useBulkAction();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [problem, setProblem] = useState<Warning | null>(null);
  const [summary, setSummary] = useState<{ action: BulkAction; result: BulkResult } | null>(null);
  const [download, setDownload] = useState<{ href: string; fileName: string } | null>(null);

  const count = selectionCount(selection);
  const refusal = selectionRefusal(count);
  // Before a lock, unlock or delete is confirmed: what it would do and refuse (a dry run).
  const forecastBody = asked && asked.action !== 'export' && asked.action !== 'move' && !refusal ? bulkBody(selection, listFind, asked.action) : null;
  const forecast = useBulkForecast(entity, forecastBody);
  const shownSummary = useShownWhileOpen(summary, summary !== null);

  if (count === 0 && !asked && !summary && !download) return null;
  const may = (action: BulkAction) => sessionMayPerform(session, bulkActionRule(entity, action));

  const close = () => {
    if (bulk.isPending) return;
    setAsked(null);
    setProblem(null);
  };

  const run = (action: BulkAction, extra: { target?: BulkTarget; fileType?: 'xlsx' | 'pdf' } = {}) => {
    setProblem(null);
    bulk.mutate(
      { entity, body: bulkBody(selection, listFind, action, extra) },
      {
        onSuccess: (result) => {
          setAsked(null);
          onSelectionChange({ kind: 'ids', ids: new Set() });
          if (result.link && extra.fileType) setDownload({ href: result.link, fileName: `export.${extra.fileType}` });
          showAlert({ type: result.refused.length > 0 ? 'WARNING' : 'SUCCESS', message: `${summaryLine(action, result)}.` });
          if (result.refused.length > 0) setSummary({ action, result });
        },
        onError: (error) => setProblem(warningFrom(error, `The ${countOf(entity, count)} could not be ${ACTION_LABELS[action].done}`)),
      },
    );
  };

  return (
    <>
      {count > 0 && (
        <Paper className={classes.bar} p="xs" px="sm" radius="md" role="region" aria-label="Selection">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600} aria-live="polite">
                {selection.kind === 'found' ? `All ${countOf(entity, count)} found are selected` : `${countOf(entity, count)} selected`}
              </Text>
              {offersSelectAllFound(selection, pageIds, foundCount) && (
                <Anchor component="button" type="button" size="sm" onClick={() => onSelectionChange({ kind: 'found', count: foundCount })}>
                  Select all {foundCount.toLocaleString('en-US')} found
                </Anchor>
              )}
              <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconX size={14} aria-hidden />} onClick={() => onSelectionChange({ kind: 'ids', ids: new Set() })}>
                Clear selection
              </Button>
            </Group>
            <Group gap="xs" wrap="wrap">
              {may('lock') && (
                <Button size="compact-sm" variant="light" leftSection={<IconLock size={15} aria-hidden />} onClick={() => setAsked({ action: 'lock' })}>
                  Lock
                </Button>
              )}
              {may('unlock') && (
                <Button size="compact-sm" variant="light" leftSection={<IconLockOpen size={15} aria-hidden />} onClick={() => setAsked({ action: 'unlock' })}>
                  Unlock
                </Button>
              )}
              {may('move') && (
                <Button size="compact-sm" variant="light" leftSection={<IconArrowsExchange size={15} aria-hidden />} onClick={() => setAsked({ action: 'move' })}>
                  Move…
                </Button>
              )}
              {may('export') && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="compact-sm" variant="light" rightSection={<IconChevronDown size={14} aria-hidden />}>
                      Export selection
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => setAsked({ action: 'export', fileType: 'xlsx' })}>
                      Export to Excel
                    </Menu.Item>
                    <Menu.Item leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={() => setAsked({ action: 'export', fileType: 'pdf' })}>
                      Save as PDF
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
              {may('delete') && (
                <Button size="compact-sm" variant="light" color="red" leftSection={<IconTrash size={15} aria-hidden />} onClick={() => setAsked({ action: 'delete' })}>
                  Delete
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}

      <ConfirmDialog
        opened={asked !== null && asked.action !== 'move'}
        title={asked ? `${ACTION_LABELS[asked.action].verb} ${countOf(entity, count)}` : ''}
        question={
          asked?.action === 'export'
            ? `Export ${countOf(entity, count)} ${asked.fileType === 'pdf' ? 'as a PDF' : 'to Excel'}?`
            : asked && asked.action !== 'move'
              ? confirmQuestion(entity, asked.action, count)
              : ''
        }
        danger={asked?.action === 'delete'}
        busy={bulk.isPending}
        checking={forecastBody !== null && forecast.isFetching}
        refusal={refusal ?? (asked && asked.action !== 'export' && forecastBody && !forecast.isFetching ? noneCanBeDone(entity, asked.action, forecast.data) : undefined)}
        onConfirm={() => asked && (asked.action === 'export' ? run('export', { fileType: asked.fileType }) : run(asked.action))}
        onClose={close}
      >
        {asked && forecastBody && <BulkForecast entity={entity} action={asked.action} count={count} forecast={forecast} onNavigate={close} />}
        {problem && <WarningList warning={problem} />}
      </ConfirmDialog>

      <BulkMoveDialog
        opened={asked?.action === 'move'}
        entity={entity}
        count={count}
        scope={moveScope}
        refusal={refusal}
        busy={bulk.isPending}
        warning={problem}
        forecastBody={(target) => bulkBody(selection, listFind, 'move', { target })}
        onMove={(target) => run('move', { target })}
        onClose={close}
      />

      <Modal
        opened={summary !== null}
        onClose={() => setSummary(null)}
        title={shownSummary ? `${ACTION_LABELS[shownSummary.action].verb} ${countOf(entity, shownSummary.result.done + shownSummary.result.refused.length)}: what was done` : ''}
        size="lg"
      >
        {shownSummary && <BulkSummary entity={entity} action={shownSummary.action} result={shownSummary.result} onClose={() => setSummary(null)} />}
      </Modal>

      <DownloadDialog href={download?.href ?? null} fileName={download?.fileName ?? 'export.xlsx'} onClose={() => setDownload(null)} />
    </>
  );
}

function BulkSummary({ entity, action, result, onClose }: { entity: BulkEntity; action: BulkAction; result: BulkResult; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Text fw={600}>{summaryLine(action, result)}:</Text>
      <RefusedList entity={entity} refused={result.refused} onNavigate={onClose} />
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Stack>
  );
}
