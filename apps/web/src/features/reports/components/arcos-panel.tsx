import { Alert, Anchor, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { arcosPeriodProblems, arcosRequestSchema, formatIsoDate, lastCalendarQuarter, parseUsDate, todayIso } from '@3ds/domain';
import { IconAlertTriangle, IconFileText } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store.ts';
import { DownloadDialog } from '../../../components/list-screen/download-dialog.tsx';
import { routePath } from '../../../app/routes.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useExportArcos, type ArcosFile, type ArcosPeriod } from '../api/export-arcos.ts';
import { reportFailureMessage } from '../api/export-report.ts';

/** The period the panel opens with: the last full calendar quarter (ARCOS reports are quarterly or monthly). */
function defaultPeriod(): ArcosPeriod {
  const quarter = lastCalendarQuarter(todayIso());
  return { from: formatIsoDate(quarter.from), to: formatIsoDate(quarter.to) };
}

/** Field errors of a period, in the words the server would answer with. */
function periodErrors(values: ArcosPeriod): Partial<Record<keyof ArcosPeriod, string | true>> {
  const parsed = arcosRequestSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<keyof ArcosPeriod, string | true>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  }
  // A period's rule is about both dates: said under To, From outlined too.
  const [problem] = arcosPeriodProblems(parseUsDate(values.from)!, parseUsDate(values.to)!);
  return problem ? { from: true, to: problem } : {};
}

/**
 * The ARCOS file of a period: receipts of the jobs received in it and destructions of the jobs
 * destroyed in it (docs/dea-paperwork.md "The ARCOS file"). Items that cannot be reported correctly
 * are listed below with why, each linking to its line item, so they can be fixed and the file made again.
 */
export function ArcosPanel() {
  const exporting = useExportArcos();
  const [file, setFile] = useState<ArcosFile | null>(null);
  const [result, setResult] = useState<ArcosFile | null>(null);
  const form = useForm<ArcosPeriod>({ mode: 'controlled', initialValues: defaultPeriod() });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (exporting.isPending) return;
    const values = form.getValues();
    const errors = periodErrors(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    exporting.mutate(values, {
      onSuccess: (answer) => {
        setResult(answer);
        setFile(answer);
      },
      onError: (error) => {
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
        ARCOS file
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The transactions of a period for DEA&apos;s ARCOS: a receipt for each reportable item of a job received in it, a destruction
        for each one destroyed in it.
      </Text>
      <form onSubmit={submit} noValidate aria-labelledby="arcos-title">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
            <TextInput label="From" required description="MM/DD/YYYY, included" autoComplete="off" key={form.key('from')} {...form.getInputProps('from')} />
            <TextInput label="To" required description="MM/DD/YYYY, included" autoComplete="off" key={form.key('to')} {...form.getInputProps('to')} />
            <Group align="end">
              <Button type="submit" leftSection={<IconFileText size={17} stroke={1.7} aria-hidden />} loading={exporting.isPending}>
                Download ARCOS
              </Button>
            </Group>
          </SimpleGrid>
          {result && (
            <Text size="sm" role="status">
              {result.fileName}: {result.records} record{result.records === 1 ? '' : 's'}
              {skipped.length > 0 ? `, ${skipped.length} item${skipped.length === 1 ? '' : 's'} left out` : ''}.
            </Text>
          )}
          {skipped.length > 0 && (
            <Alert
              variant="light"
              color="yellow"
              icon={<IconAlertTriangle size={18} stroke={1.7} aria-hidden />}
              title="Not in the ARCOS file"
              aria-label="Not in the ARCOS file"
            >
              <Text size="sm" mb="xs">
                These line items could not be reported correctly. Fix them and download the file again.
              </Text>
              {/* A long list scrolls inside the panel, under its own header, instead of pushing the page down; on white, its links keep their contrast. */}
              <ScrollArea.Autosize mah={360} type="auto">
                <Table bg="white" withTableBorder stickyHeader fz="sm" aria-label="Line items left out of the ARCOS file">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Line item</Table.Th>
                      <Table.Th>NDC</Table.Th>
                      <Table.Th>Transaction</Table.Th>
                      <Table.Th>Reason</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {skipped.map((item) => (
                      <Table.Tr key={`${item.recordId}-${item.transaction}`}>
                        <Table.Td>
                          <Anchor component={Link} to={routePath(item.yellowBucket ? 'yb-line-item-view' : 'line-item-view', { id: item.recordId })}>
                            {item.recordId}
                          </Anchor>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.ndc}</Table.Td>
                        <Table.Td>{item.transaction === 'receipt' ? 'Receipt' : 'Destruction'}</Table.Td>
                        <Table.Td>{item.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </Alert>
          )}
        </Stack>
      </form>
      <DownloadDialog href={file?.href ?? null} fileName={file?.fileName ?? 'arcos.txt'} title="ARCOS file ready" onClose={() => setFile(null)} />
    </Paper>
  );
}
