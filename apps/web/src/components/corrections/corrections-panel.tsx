import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { canPerform, entityOf, formatTimestamp, kindFor, type CorrectionStatus } from '@3ds/domain';
import { IconChecklist } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { recordRoute, routePath } from '../../config/paths.ts';
import { showAlert } from '../../lib/alert-store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useSession } from '../../session/use-session.ts';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { useCorrections, useDecideCorrection, type Correction, type CorrectionsOf } from './api/corrections.ts';

const TONE: Record<CorrectionStatus, string> = { pending: 'yellow', applied: 'green', rejected: 'gray' };

const when = (iso: string) => (iso ? formatTimestamp(new Date(iso)) : '');
const shown = (value: string) => value || '(empty)';

/**
 * The Corrections card of a job or line item screen: every correction asked of the record (a job's
 * lists its line items' too), pending, applied or rejected, with who asked, why, and who decided. A
 * pending one offers Approve and Reject to a second person with APPROVE_CORRECTION; to the one who
 * asked it says that someone else must decide. Shown once the record has a correction.
 */
export function CorrectionsPanel({ of }: { of: CorrectionsOf }) {
  const headingId = useId();
  const query = useCorrections(of);
  const session = useSession();
  const decide = useDecideCorrection();
  const [deciding, setDeciding] = useState<{ correction: Correction; decision: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');

  if (query.isPending) return <Skeleton height={60} />;
  if (query.isError || query.data.length === 0) return null;

  const mayDecide = canPerform(session?.privileges, 'correction.approve');
  const open = (correction: Correction, decision: 'approve' | 'reject') => {
    decide.reset();
    setNote('');
    setDeciding({ correction, decision });
  };
  const confirm = () => {
    if (!deciding) return;
    const { correction, decision } = deciding;
    decide.mutate(
      { id: correction.id, decision, note },
      {
        onSuccess: (done) => {
          showAlert({
            type: 'SUCCESS',
            message:
              decision === 'approve'
                ? `Correction ${done.id} was approved and applied: ${done.field} is now ${shown(done.newValue)}.`
                : `Correction ${done.id} was rejected; the record stays as it was.`,
          });
          setDeciding(null);
        },
      },
    );
  };
  const refusal = decide.error instanceof ApiError ? decide.error.message : undefined;
  const pendingCount = query.data.filter((c) => c.status === 'pending').length;

  return (
    <Paper withBorder shadow="xs" p="md" component="section" aria-labelledby={headingId}>
      <Group gap="xs" mb="sm">
        <IconChecklist size={18} stroke={1.8} aria-hidden />
        <Title order={2} fz="md" fw={650} id={headingId} m={0}>
          Corrections
        </Title>
        {pendingCount > 0 && (
          <Badge color="yellow" variant="light">
            {pendingCount} waiting for approval
          </Badge>
        )}
      </Group>
      <Table withTableBorder fz="sm" verticalSpacing={6} aria-label="Corrections" style={{ overflowX: 'auto' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            {'jobId' in of && <Table.Th>Record</Table.Th>}
            <Table.Th>Field</Table.Th>
            <Table.Th>Was</Table.Th>
            <Table.Th>Becomes</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Asked</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.id}</Table.Td>
              {'jobId' in of && (
                <Table.Td>
                  {c.lineItemId ? (
                    <Anchor component={Link} to={routePath(recordRoute(entityOf('line-item', kindFor(c.yellowBucket)), 'view'), { id: c.lineItemId })}>
                      {c.yellowBucket ? 'Yellow Bucket line item' : 'Line item'} {c.lineItemId}
                    </Anchor>
                  ) : (
                    'This job'
                  )}
                </Table.Td>
              )}
              <Table.Td>{c.field}</Table.Td>
              <Table.Td>{shown(c.oldValue)}</Table.Td>
              <Table.Td fw={600}>{shown(c.newValue)}</Table.Td>
              <Table.Td maw={260}>{c.reason}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {c.requestedBy}
                <Text size="xs" c="dimmed">
                  {when(c.requestedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Badge color={TONE[c.status]} variant="light" style={{ minWidth: 'max-content' }}>
                    {c.statusText}
                  </Badge>
                  {c.status !== 'pending' && (
                    <Text size="xs" c="dimmed">
                      by {c.decidedBy}, {when(c.decidedAt)}
                      {c.decisionNote ? ` — ${c.decisionNote}` : ''}
                    </Text>
                  )}
                  {c.status === 'pending' && mayDecide && session?.username !== c.requestedBy && (
                    <Group gap={6} wrap="nowrap">
                      <Button size="compact-xs" onClick={() => open(c, 'approve')} aria-label={`Approve correction ${c.id}`}>
                        Approve
                      </Button>
                      <Button size="compact-xs" variant="default" onClick={() => open(c, 'reject')} aria-label={`Reject correction ${c.id}`}>
                        Reject
                      </Button>
                    </Group>
                  )}
                  {c.status === 'pending' && session?.username === c.requestedBy && (
                    <Text size="xs" c="dimmed">
                      You asked for it: another person approves it.
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={deciding !== null}
        title={deciding?.decision === 'approve' ? `Approve correction ${deciding.correction.id}` : `Reject correction ${deciding?.correction.id ?? ''}`}
        question={
          deciding?.decision === 'approve'
            ? `Apply it: ${deciding.correction.field} from ${shown(deciding.correction.oldValue)} to ${shown(deciding.correction.newValue)}? The record changes, its Form 41 and certificate say they are out of date, and the next ARCOS report corrects what was reported.`
            : `Reject it? ${deciding?.correction.field ?? ''} stays ${shown(deciding?.correction.oldValue ?? '')}.`
        }
        busy={decide.isPending}
        refusal={refusal}
        confirmLabel={deciding?.decision === 'approve' ? 'Approve and Apply' : 'Reject'}
        cancelLabel="Cancel"
        danger={deciding?.decision === 'reject'}
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      >
        <Textarea label="Note (kept with the decision)" autosize minRows={2} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      </ConfirmDialog>
    </Paper>
  );
}
