import { Alert, Anchor, Badge, Button, Group, Radio, Skeleton, Stack, Table, Text, Textarea, Modal } from '@mantine/core';
import {
  packagesText,
  RECONCILE_STATUS_TEXT,
  RESOLUTION_NOTE_MAX,
  RESOLUTION_REASON_TEXT,
  RESOLUTION_REASONS,
  resolutionNoteProblem,
  type ReconciliationLineAnswer,
  type ReconcileStatus,
  type ResolutionReason,
} from '@3ds/domain';
import { IconAlertTriangle, IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import { DetailCard } from '../../../components/record-view/detail-parts.tsx';
import { FormDialogFooter } from '../../../components/forms/form-dialog-footer.tsx';
import { showAlert } from '../../../lib/alert-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useReconciliation, useReconciliationPdf, useResolveDiscrepancy } from '../api/reconciliation.ts';

/** Figures and codes stay on one line. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const STATUS_COLOR: Record<ReconcileStatus, string> = { matched: 'teal', short: 'orange', over: 'grape', 'not-declared': 'red' };

function StatusBadge({ line }: { line: ReconciliationLineAnswer }) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLOR[line.status]} radius="sm" miw="fit-content">
      {RECONCILE_STATUS_TEXT[line.status]}
    </Badge>
  );
}

function ResolveDialog({ jobId, line, onClose }: { jobId: string; line: ReconciliationLineAnswer; onClose: () => void }) {
  const resolving = useResolveDiscrepancy();
  const [reason, setReason] = useState<ResolutionReason | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const noteProblem = tried && reason ? resolutionNoteProblem(reason, note) : undefined;
  const refusal = resolving.error instanceof ApiError ? resolving.error.message : resolving.error?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!reason || resolutionNoteProblem(reason, note)) return;
    resolving.mutate(
      { jobId, body: { key: line.key, declared: line.declared, received: line.received, reason, note } },
      {
        onSuccess: (answer) => {
          const lossId = answer.lines.find((candidate) => candidate.key === line.key)?.lossId ?? null;
          showAlert({
            type: 'SUCCESS',
            message: `${line.name || line.ndc} resolved: ${RESOLUTION_REASON_TEXT[reason]}${lossId !== null ? `. Loss ${lossId} is opened with its deadlines: see Losses.` : ''}`,
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={() => !resolving.isPending && onClose()} title={`Resolve ${line.name || line.ndc || 'the difference'}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {line.declaredOn}: declared <strong>{packagesText(line.declared)}</strong>, received <strong>{packagesText(line.received)}</strong>
            {line.ndc ? ` (NDC ${line.ndc}${line.lot ? `, lot ${line.lot}` : ''})` : ''}. Say why they differ; the reason is kept with who resolved it and when, and the
            line opens again if what was declared or received changes.
          </Text>
          <Radio.Group label="Why they differ" value={reason} onChange={(value) => setReason(value as ResolutionReason)} error={tried && !reason ? 'Choose the reason.' : undefined} withAsterisk>
            <Stack gap={6} mt={6}>
              {RESOLUTION_REASONS.map((value) => (
                <Radio key={value} value={value} label={RESOLUTION_REASON_TEXT[value]} />
              ))}
            </Stack>
          </Radio.Group>
          {(reason === 'theft' || reason === 'in-transit-loss') && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {reason === 'theft'
                ? 'A theft or significant loss of a controlled substance is reported to the DEA Field Division in writing within one business day of its discovery, and on DEA Form 106 within 45 days (21 CFR 1301.74(c)).'
                : 'A loss in transit is reported by the supplier — for a return, the client who shipped it — to the DEA Field Division in writing within one business day of its discovery, and on DEA Form 106 (21 CFR 1301.74(c)). Tell the client.'}
            </Alert>
          )}
          <Textarea
            label={reason === 'client-error-confirmed' ? 'Written confirmation (date, who signed it)' : 'Note'}
            withAsterisk={reason === 'client-error-confirmed'}
            autosize
            minRows={2}
            maxLength={RESOLUTION_NOTE_MAX + 50}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={noteProblem}
          />
          <FormDialogFooter refusal={refusal} pending={resolving.isPending} onCancel={onClose}>
            Resolve
          </FormDialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Receiving reconciliation (rules/reconciliation.ts): what the client declared — its list and the
 * Form 222 lines — against what arrived, per NDC and lot, read again as items are scanned (the live
 * updates). An open controlled difference keeps the job from being locked; whoever may lock it
 * (LOCK_JOB) resolves it with its reason. The PDF is the client's copy.
 */
export function ReconciliationCard({ jobId, canResolve, canPrint }: { jobId: string; canResolve: boolean; canPrint: boolean }) {
  const query = useReconciliation(jobId);
  const answer = query.data;
  const pdf = useReconciliationPdf();
  const [resolving, setResolving] = useState<ReconciliationLineAnswer | null>(null);
  const [download, setDownload] = useState<{ href: string; fileName: string } | null>(null);
  return (
    <DetailCard
      title="Reconciliation"
      aside={
        canPrint &&
        answer?.declared && (
          <Button size="xs" variant="light" leftSection={<IconFileTypePdf size={14} aria-hidden />} loading={pdf.isPending} onClick={() => pdf.mutate({ jobId }, { onSuccess: setDownload })}>
            Reconciliation PDF
          </Button>
        )
      }
    >
      {query.isPending && <Skeleton height={60} />}
      {answer && !answer.declared && (
        <Text size="sm" c="dimmed">
          Nothing to reconcile: the client's declared inventory is not in the job yet. Type it or upload it under Declared Inventory, and what arrives is held against it here.
        </Text>
      )}
      {answer?.declared && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" color="teal" radius="sm" leftSection={<IconCircleCheck size={12} aria-hidden />}>
              {answer.counts.matched} matched
            </Badge>
            <Badge variant="light" color={answer.counts.discrepancies ? 'orange' : 'gray'} radius="sm">
              {answer.counts.discrepancies} {answer.counts.discrepancies === 1 ? 'difference' : 'differences'}
            </Badge>
            <Badge variant={answer.counts.open ? 'filled' : 'light'} color={answer.counts.open ? 'red' : 'gray'} radius="sm">
              {answer.counts.open} open
            </Badge>
            {answer.counts.open > 0 && (
              <Text size="xs" c="dimmed">
                The job is not locked for destruction while a controlled difference is open.
              </Text>
            )}
          </Group>
          <Table.ScrollContainer minWidth={880} type="native" mah={520}>
            <Table striped stickyHeader fz="sm" verticalSpacing={6} aria-label="Declared against received">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={130}>NDC</Table.Th>
                  <Table.Th>Lot</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Declared On</Table.Th>
                  <Table.Th ta="right">Declared</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                  <Table.Th miw={120}>Result</Table.Th>
                  <Table.Th>Resolution</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.lines.map((line) => (
                  <Table.Tr key={line.key}>
                    <Table.Td ff="monospace" style={NOWRAP}>
                      {line.ndc ?? '—'}
                    </Table.Td>
                    <Table.Td style={NOWRAP}>{line.lot === '' ? 'Any' : (line.lot ?? '')}</Table.Td>
                    <Table.Td>{line.name}</Table.Td>
                    <Table.Td>{line.declaredOn}</Table.Td>
                    <Table.Td ta="right">{packagesText(line.declared)}</Table.Td>
                    <Table.Td ta="right">{packagesText(line.received)}</Table.Td>
                    <Table.Td style={NOWRAP}>
                      <StatusBadge line={line} />
                    </Table.Td>
                    <Table.Td maw={320}>
                      {line.resolution ? (
                        <Text size="xs">
                          {RESOLUTION_REASON_TEXT[line.resolution.reason]} — {line.resolution.resolvedBy}
                          {line.resolution.note ? `: ${line.resolution.note}` : ''}
                          {line.lossId !== null && (
                            <>
                              {' · '}
                              <Anchor component={Link} to={routePath('loss-view', { id: String(line.lossId) })} size="xs" fw={600}>
                                Loss {line.lossId}
                              </Anchor>
                            </>
                          )}
                        </Text>
                      ) : line.open ? (
                        canResolve ? (
                          <Button size="compact-xs" variant="light" color="red" onClick={() => setResolving(line)} aria-label={`Resolve ${line.name || line.ndc || line.key}`}>
                            Resolve
                          </Button>
                        ) : (
                          <Text size="xs" c="red.9" fw={600}>
                            Open
                          </Text>
                        )
                      ) : line.status !== 'matched' ? (
                        <Text size="xs" c="dimmed">
                          Not controlled
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {resolving && <ResolveDialog jobId={jobId} line={resolving} onClose={() => setResolving(null)} />}
      <DownloadDialog href={download?.href ?? null} fileName={download?.fileName ?? 'reconciliation.pdf'} title="Reconciliation ready" onClose={() => setDownload(null)} />
    </DetailCard>
  );
}
