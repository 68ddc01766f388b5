import { Alert, Anchor, Badge, Button, Group, Paper, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { arcosPeriodText, formatTimestamp, recentArcosPeriods, todayIso } from '@3ds/domain';
import { IconAlertTriangle, IconDownload, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import { LineItemProblems } from './record-links.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { useArcosCheck, useKeptArcosReports, useMakeArcosReport, type ArcosFile, type KeptArcosReport } from '../api/export-arcos.ts';
import { reportFailureMessage } from '../api/export-report.ts';

const TRANSACTION_TEXT = { receipt: 'Receipt', destruction: 'Destruction', inventory: 'Year-end inventory' } as const;

/**
 * The ARCOS reports (docs/dea-paperwork.md "The ARCOS report"): make the report of a finished month or
 * quarter (as Settings say) — the control record, receipts, destructions, corrections of what earlier
 * reports carried, the year-end inventory in December or the fourth quarter — and every report kept,
 * newest first, with its download link. Items that cannot be reported correctly are listed with why.
 */
export function ArcosPanel() {
  const mayMake = useMayPerform('arcos.generate');
  const kept = useKeptArcosReports();
  const making = useMakeArcosReport();
  const frequency = kept.data?.frequency ?? 'quarterly';
  const periods = recentArcosPeriods(frequency, todayIso());
  const [chosen, setChosen] = useState<string | null>(null);
  const period = periods.find((p) => p.label === chosen) ?? periods[0]!;
  const [file, setFile] = useState<ArcosFile | null>(null);
  const [result, setResult] = useState<ArcosFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reports = kept.data?.reports ?? [];
  const earlier = reports.find((r) => r.period === period.label && !r.superseded);

  const make = () => {
    if (making.isPending) return;
    making.mutate(period.label, {
      onSuccess: (answer) => {
        setConfirming(false);
        setResult(answer);
        setFile(answer);
      },
      onError: (error) => {
        setConfirming(false);
        // A 401 has already signed the user out and said why.
        if (error instanceof ApiError && error.status === 401) return;
        showAlert({ type: 'DANGER', message: reportFailureMessage(error) });
      },
    });
  };

  const skipped = result?.skipped ?? [];
  return (
    <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="arcos-title" mt="lg">
      <Title order={2} fz="md" fw={650} mb={4} id="arcos-title">
        ARCOS reports
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each report covers a {frequency === 'monthly' ? 'month' : 'quarter'} (Settings): the control record, a receipt for each reportable item received, a
        destruction for each one destroyed, corrections of what earlier reports carried and, in December or the fourth quarter, the year-end inventory. Every
        report is kept.
      </Text>
      <Stack gap="md">
        {mayMake && (
          <Group align="end" gap="md">
            <Select
              label="Period"
              data={periods.map((p) => ({ value: p.label, label: arcosPeriodText(p) }))}
              value={period.label}
              onChange={setChosen}
              allowDeselect={false}
              w={280}
            />
            <Button
              leftSection={<IconFileText size={17} stroke={1.7} aria-hidden />}
              loading={making.isPending && !confirming}
              onClick={() => (earlier ? setConfirming(true) : make())}
            >
              {earlier ? 'Make again' : 'Make ARCOS report'}
            </Button>
          </Group>
        )}
        {result && (
          <Text size="sm" role="status">
            {result.fileName}: {result.records} record{result.records === 1 ? '' : 's'}
            {result.corrections > 0 ? `, ${result.corrections} correction${result.corrections === 1 ? '' : 's'}` : ''}
            {skipped.length > 0 ? `, ${skipped.length} item${skipped.length === 1 ? '' : 's'} left out` : ''}.
          </Text>
        )}
        {skipped.length > 0 && (
          <LineItemProblems
            title="Not in the ARCOS report"
            tableLabel="Line items left out of the ARCOS report"
            intro="These line items could not be reported correctly. Fix them: the next report carries them as corrections."
            icon={<IconAlertTriangle size={18} stroke={1.7} aria-hidden />}
            column={{ header: 'Transaction', cell: (item) => TRANSACTION_TEXT[item.transaction] }}
            reasonHeader="Reason"
            rows={skipped}
            rowKey={(item) => `${item.recordId}-${item.transaction}`}
          />
        )}
        <KeptReports reports={reports} loading={kept.isPending} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Make the ${arcosPeriodText(period)} report again?`}
        question={
          earlier
            ? `The report made on ${formatTimestamp(new Date(earlier.createdAt))} by ${earlier.createdBy} stays kept, listed as superseded by the new one.`
            : ''
        }
        busy={making.isPending}
        confirmLabel="Make again"
        onConfirm={make}
        onClose={() => setConfirming(false)}
      />
      <DownloadDialog href={file?.href ?? null} fileName={file?.fileName ?? 'arcos.txt'} title="ARCOS report ready" onClose={() => setFile(null)} />
    </Paper>
  );
}

/**
 * Whether a report in force still says what the records say: the corrections the next report would
 * carry for it (a changed, deleted or late line item, a changed year-end inventory), or none.
 */
function AgainstTheRecords({ reportId, check }: { reportId: string; check: ReturnType<typeof useArcosCheck> }) {
  if (check.isPending || check.isError || !check.data.known) return null;
  const corrections = check.data.byReport.get(reportId) ?? 0;
  if (corrections === 0) {
    return (
      <Text size="xs" c="teal.9">
        Matches the records
      </Text>
    );
  }
  return (
    <Text size="xs" c="red.9" fw={600} style={{ whiteSpace: 'normal' }}>
      Out of date: {corrections} correction{corrections === 1 ? '' : 's'} for the {check.data.nextPeriod} report
    </Text>
  );
}

function KeptReports({ reports, loading }: { reports: KeptArcosReport[]; loading: boolean }) {
  const check = useArcosCheck();
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" fw={650} id="arcos-kept">
        Kept reports
      </Title>
      {!loading && reports.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ARCOS report has been made yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Table withTableBorder stickyHeader fz="sm" aria-labelledby="arcos-kept">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period</Table.Th>
                <Table.Th ta="right">Records</Table.Th>
                <Table.Th ta="right">Corrections</Table.Th>
                <Table.Th>Year-end inventory</Table.Th>
                <Table.Th>Made</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.periodText}</Table.Td>
                  <Table.Td ta="right">{r.records}</Table.Td>
                  <Table.Td ta="right">{r.corrections}</Table.Td>
                  <Table.Td>{r.yearEnd || '—'}</Table.Td>
                  <Table.Td>
                    {formatTimestamp(new Date(r.createdAt))} by {r.createdBy}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {r.superseded ? (
                      <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
                        Superseded
                      </Badge>
                    ) : (
                      <Stack gap={4}>
                        <Badge color="teal" variant="light" style={{ minWidth: 'max-content' }}>
                          In force
                        </Badge>
                        <AgainstTheRecords reportId={r.id} check={check} />
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor href={r.href} download={r.fileName} size="sm" aria-label={`Download ${r.fileName} made ${formatTimestamp(new Date(r.createdAt))}`}>
                      <Group gap={4} wrap="nowrap">
                        <IconDownload size={14} stroke={1.8} aria-hidden />
                        {r.fileName}
                      </Group>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
