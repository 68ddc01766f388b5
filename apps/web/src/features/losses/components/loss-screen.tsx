import { Alert, Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { LOSS_KIND_TEXT, DEADLINE_STATE_TEXT, FORM_106_NUMBER_MAX, type LossReportBody } from '@3ds/domain';
import { IconAlertTriangle, IconCalendarCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useBusinessToday } from '../../../components/business-day/business-day.ts';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useRecord } from '../../../components/record-view/api/get-record.ts';
import { BackToListButton, DetailCard, DetailFields, DetailFieldsSkeleton, DetailLayout } from '../../../components/record-view/detail-parts.tsx';
import { routePath } from '../../../config/paths.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { useLossWorksheet, useRecordLossReport } from '../api/losses.ts';
import { deadlineColor, lossView, whoReports, type DeadlineView, type LossView } from '../loss-model.ts';

function DeadlineBadge({ deadline }: { deadline: DeadlineView }) {
  return (
    <Badge color={deadlineColor(deadline.state)} variant={deadline.state === 'missed' ? 'filled' : 'light'} size="sm" tt="none">
      {DEADLINE_STATE_TEXT[deadline.state]}
    </Badge>
  );
}

function RecordReportDialog({ view, onClose }: { view: LossView; onClose: () => void }) {
  const recording = useRecordLossReport();
  const [notice, setNotice] = useState(view.notice.doneOn);
  const [filed, setFiled] = useState(view.form106.doneOn);
  const [number, setNumber] = useState(view.form106.number);
  const problems = recording.error instanceof ApiError ? (recording.error.details?.length ? recording.error.details : [recording.error.message]) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: LossReportBody = { noticeSentOn: notice, form106FiledOn: filed, form106Number: number, modId: view.modId };
    recording.mutate(
      { id: view.id, body },
      {
        onSuccess: () => {
          showAlert({ type: 'SUCCESS', message: `The reports of loss ${view.id} were recorded` });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={() => !recording.isPending && onClose()} title={`Record the Reports of Loss ${view.id}`} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{whoReports(view)}</Text>
          <TextInput label="Written notice sent to DEA on" description={`Due ${view.notice.due}`} placeholder="MM/DD/YYYY" value={notice} onChange={(e) => setNotice(e.currentTarget.value)} autoComplete="off" />
          <TextInput label="Form 106 filed on" description={`Due ${view.form106.due}`} placeholder="MM/DD/YYYY" value={filed} onChange={(e) => setFiled(e.currentTarget.value)} autoComplete="off" />
          <TextInput label="Form 106 number" maxLength={FORM_106_NUMBER_MAX + 10} value={number} onChange={(e) => setNumber(e.currentTarget.value)} autoComplete="off" />
          {problems.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              {problems.join(' ')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={recording.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={recording.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * `/loss/{id}`: a theft or loss in transit found by a job's reconciliation — what was lost, from which
 * job and client — with its two deadlines (the written notice within one business day, the Form 106
 * within 45 days), red once missed. Record Reports (LOCK_JOB) keeps the days they were done; the Form
 * 106 worksheet (CREATE_JOB) prints every field DEA's form asks.
 */
export function LossScreen() {
  const { id = '' } = useParams();
  const query = useRecord('losses', id);
  const today = useBusinessToday();
  const view = useMemo(() => (query.data ? lossView(query.data, today) : undefined), [query.data, today]);
  const canRecord = useMayPerform('loss.record-report');
  const canPrint = useMayPerform('loss.worksheet');
  const worksheet = useLossWorksheet();
  const [recording, setRecording] = useState(false);
  const [download, setDownload] = useState<{ href: string; fileName: string } | null>(null);
  const missed = view && (view.notice.state === 'missed' || view.form106.state === 'missed');

  const actions = (
    <>
      {view && canRecord && (
        <Button variant="light" leftSection={<IconCalendarCheck size={17} stroke={1.7} aria-hidden />} onClick={() => setRecording(true)}>
          Record Reports
        </Button>
      )}
      {view && canPrint && (
        <Button variant="light" leftSection={<IconFileTypePdf size={17} stroke={1.7} aria-hidden />} loading={worksheet.isPending} onClick={() => worksheet.mutate({ id: view.id }, { onSuccess: setDownload })}>
          Form 106 Worksheet
        </Button>
      )}
      <BackToListButton listPath={routePath('losses')} />
    </>
  );

  return (
    <PageFrame
      title={`Loss ${id}`}
      titleAddon={view ? <Badge color={view.kind === 'theft' ? 'red' : 'orange'} variant="light" size="lg">{LOSS_KIND_TEXT[view.kind]}</Badge> : undefined}
      subtitle={query.isPending ? <Skeleton component="span" display="block" height={14} width={220} mt={3} /> : view ? `${view.item} · discovered ${view.discovered}` : undefined}
      actions={actions}
    >
      {missed && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="A deadline is missed" role="status">
          {whoReports(view)} Report it now and record the day.
        </Alert>
      )}
      <DetailLayout what="loss" error={query.error} main={<LostCard view={view} />} side={<DeadlinesCard view={view} />} below={<CircumstancesCard view={view} />} />
      {view && recording && <RecordReportDialog view={view} onClose={() => setRecording(false)} />}
      <DownloadDialog href={download?.href ?? null} fileName={download?.fileName ?? 'form-106-worksheet.pdf'} title="Worksheet ready" onClose={() => setDownload(null)} />
    </PageFrame>
  );
}

function LostCard({ view }: { view: LossView | undefined }) {
  return (
    <DetailCard title="What Was Lost" fill>
      {view ? (
        <DetailFields
          fields={[
            { label: 'Item', value: view.item },
            { label: 'NDC', value: <Text span size="sm" ff="monospace">{view.ndc}</Text> },
            { label: 'Schedule', value: view.schedule },
            { label: 'Lot', value: view.lot },
            { label: 'Packages Lost', value: view.packagesLost },
            {
              label: 'Job',
              value: view.jobId ? (
                <Anchor component={Link} to={routePath('job-view', { id: view.jobId })} size="sm" fw={600}>
                  Job {view.jobId}
                  {view.jobName ? ` — ${view.jobName}` : ''}
                </Anchor>
              ) : (
                ''
              ),
            },
            { label: 'Client', value: view.client ? `${view.client} (${view.registrationNumber})` : view.registrationNumber },
            { label: 'Opened', value: view.created ? `${view.created} by ${view.createdBy}` : '' },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={8} />
      )}
    </DetailCard>
  );
}

function DeadlinesCard({ view }: { view: LossView | undefined }) {
  return (
    <DetailCard title="Deadlines">
      {view ? (
        <DetailFields
          cols={{ base: 1 }}
          fields={[
            { label: 'Discovered', value: view.discovered },
            {
              label: 'Written notice to DEA',
              value: (
                <Group gap={6}>
                  <Text span size="sm">
                    {view.notice.doneOn ? `Sent ${view.notice.doneOn}` : `Due ${view.notice.due}`}
                  </Text>
                  <DeadlineBadge deadline={view.notice} />
                </Group>
              ),
            },
            {
              label: 'Form 106',
              value: (
                <Group gap={6}>
                  <Text span size="sm">
                    {view.form106.doneOn ? `Filed ${view.form106.doneOn}, number ${view.form106.number}` : `Due ${view.form106.due}`}
                  </Text>
                  <DeadlineBadge deadline={view.form106} />
                </Group>
              ),
            },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={3} />
      )}
    </DetailCard>
  );
}

function CircumstancesCard({ view }: { view: LossView | undefined }) {
  if (!view) return null;
  return (
    <DetailCard title="Circumstances">
      <Stack gap="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {view.circumstances || '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {whoReports(view)}
        </Text>
      </Stack>
    </DetailCard>
  );
}
