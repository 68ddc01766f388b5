import { Button, Checkbox, Grid, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { reportRequestProblems } from '@3ds/domain';
import { IconFileSpreadsheet, IconInfoCircle, IconListNumbers } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { AccountabilityPanel } from './accountability-panel.tsx';
import { ArcosPanel } from './arcos-panel.tsx';
import { InventoryPanel } from './inventory-panel.tsx';
import {
  reportFailureMessage,
  useExportReport,
  type ReportFile,
  type ReportRequestValues,
  type ReportType,
} from '../api/export-report.ts';

const REPORT_TYPE_ATTRIBUTE = 'data-report-type';

function isReportType(value: string | null | undefined): value is ReportType {
  return value === 'excelExport' || value === 'perNdc';
}

/**
 * `/reports` (spec 1 §2 "Reports page"): a job's line items as a spreadsheet ("Download Excel")
 * or their sums per NDC ("Download PerNDC"), optionally of one container and ARCOS items only; and
 * the ARCOS reports of a month or quarter, kept; the inventory and the accountability of a drug code.
 * Registration and Job ID are both required before anything is sent (spec 1 §5).
 */
export function ReportsScreen() {
  const exporting = useExportReport();
  const [running, setRunning] = useState<ReportType | null>(null);
  const [file, setFile] = useState<ReportFile | null>(null);
  const form = useForm<ReportRequestValues>({
    mode: 'controlled',
    initialValues: { registration: '', jobId: '', containerName: '', showArcos: false },
  });

  const run = (reportType: ReportType) => {
    if (running) return;
    const values = form.getValues();
    const problems = reportRequestProblems(values);
    if (problems.length > 0) {
      // Say why beside the first empty required field, in the spec's words, and outline the other.
      const empty = (['registration', 'jobId'] as const).filter((field) => !values[field].trim());
      form.setErrors(Object.fromEntries(empty.map((field, i) => [field, i === 0 ? problems[0] : true])));
      for (const problem of problems) showAlert({ type: 'WARNING', message: problem });
      return;
    }
    setRunning(reportType);
    exporting.mutate(
      { ...values, reportType },
      {
        onSuccess: (result) => setFile(result),
        onError: (error) => {
          // A 401 has already signed the user out and said why.
          if (error instanceof ApiError && error.status === 401) return;
          showAlert({ type: 'DANGER', message: reportFailureMessage(error) });
        },
        onSettled: () => setRunning(null),
      },
    );
  };

  // Both buttons submit the form (Enter in a field makes the Excel report); the one pressed
  // names the report type.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = submitter?.getAttribute(REPORT_TYPE_ATTRIBUTE);
    run(isReportType(chosen) ? chosen : 'excelExport');
  };

  return (
    <PageFrame
      title="Reports"
      subtitle="Spreadsheets of a job's line items, the ARCOS reports, inventories and the accountability of what came in and went out."
    >
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="report-request-title" h="100%">
            <Title order={2} fz="md" fw={650} mb="md" id="report-request-title">
              Report request
            </Title>
            <form onSubmit={submit} noValidate aria-labelledby="report-request-title">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                  <TextInput
                    label="Registration"
                    description="The registration number the job was created on"
                    placeholder="e.g. RN6152867"
                    withAsterisk
                    autoComplete="off"
                    spellCheck={false}
                    autoFocus
                    key={form.key('registration')}
                    {...form.getInputProps('registration')}
                  />
                  <TextInput
                    label="Job ID"
                    description="The job whose line items are reported"
                    placeholder="e.g. 123"
                    withAsterisk
                    inputMode="numeric"
                    autoComplete="off"
                    key={form.key('jobId')}
                    {...form.getInputProps('jobId')}
                  />
                  <TextInput
                    label="Container Name"
                    description="Optional: only this container's line items"
                    autoComplete="off"
                    key={form.key('containerName')}
                    {...form.getInputProps('containerName')}
                  />
                  <Checkbox
                    label="Show Arcos Items Only"
                    description="Schedules 1, 1N, 2, 2N and 3 and GHB preparations, without NDCs removed from ARCOS"
                    mt={{ base: 0, sm: 26 }}
                    key={form.key('showArcos')}
                    {...form.getInputProps('showArcos', { type: 'checkbox' })}
                  />
                </SimpleGrid>
                <Group gap="sm" mt="xs">
                  <Button
                    type="submit"
                    {...{ [REPORT_TYPE_ATTRIBUTE]: 'excelExport' }}
                    leftSection={<IconFileSpreadsheet size={17} stroke={1.7} aria-hidden />}
                    loading={running === 'excelExport'}
                    disabled={running === 'perNdc'}
                  >
                    Download Excel
                  </Button>
                  <Button
                    type="submit"
                    variant="light"
                    {...{ [REPORT_TYPE_ATTRIBUTE]: 'perNdc' }}
                    leftSection={<IconListNumbers size={17} stroke={1.7} aria-hidden />}
                    loading={running === 'perNdc'}
                    disabled={running === 'excelExport'}
                  >
                    Download PerNDC
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="lg" component="section" aria-labelledby="report-help-title" bg="gray.0" h="100%">
            <Group gap="xs" mb="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="md" radius="xl" aria-hidden>
                <IconInfoCircle size={17} stroke={1.8} />
              </ThemeIcon>
              <Title order={2} fz="md" fw={650} id="report-help-title">
                About the reports
              </Title>
            </Group>
            <List size="sm" spacing="sm" c="dark.6">
              <List.Item>
                <Text span fw={600} size="sm">
                  Download Excel
                </Text>{' '}
                lists every line item of the job — NDC, quantities, reporting quantity, grams of base, Form 222# and CWF# —
                with a totals row.
              </List.Item>
              <List.Item>
                <Text span fw={600} size="sm">
                  Download PerNDC
                </Text>{' '}
                adds the job's line items up per NDC: line items, packages, reporting quantity and grams of base.
              </List.Item>
              <List.Item>Both cover standard and Yellow Bucket containers and are saved as export.xlsx.</List.Item>
            </List>
          </Paper>
        </Grid.Col>
      </Grid>

      <ArcosPanel />
      <InventoryPanel />
      <AccountabilityPanel />

      <DownloadDialog
        href={file?.href ?? null}
        fileName={file?.fileName ?? 'export.xlsx'}
        title="Report ready"
        onClose={() => setFile(null)}
      />
    </PageFrame>
  );
}
