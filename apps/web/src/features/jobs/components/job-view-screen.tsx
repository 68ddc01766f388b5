import { Box, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconFilePencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { RecordLoadError } from '../../../components/record-view/detail-parts.tsx';
import { HistoryPanel } from '../../../components/history/history-panel.tsx';
import { CorrectionsPanel } from '../../../components/corrections/corrections-panel.tsx';
import { RequestCorrectionModal } from '../../../components/corrections/request-correction-modal.tsx';
import { LockIcon } from '../../../components/lock/lock-icon.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useSession } from '../../../session/use-session.ts';
import { useJob } from '../api/get-job.ts';
import { JOB_FIELDS, containerCount, jobPermissions, text, type ContainerKind } from '../job-record.ts';
import { DeclaredInventoryCard } from './declared-inventory-card.tsx';
import { ReconciliationCard } from './reconciliation-card.tsx';
import { DestructionRecordCard } from './destruction-record-card.tsx';
import { JobContainersTabs } from './job-containers-tabs.tsx';
import { JobDocumentActions } from './job-document-actions.tsx';
import { JobExportMenus } from './job-export-menus.tsx';
import { JobFilesCard } from './job-files-card.tsx';
import { JobInfoCards, JobInfoSkeleton } from './job-info-cards.tsx';
import { JobLockButton } from './job-lock-button.tsx';
import { JobNameEditor } from './job-name-editor.tsx';
import { JobReadyButton } from './job-ready-button.tsx';
import { JOB_SECTIONS, JobSectionsNav } from './job-sections.tsx';
import classes from './job-view.module.css';

/**
 * `/job/{id}` (spec 1 §2 "Job detail"): the heading with the lock mark and the inline-editable
 * name, Job Ready, exports, lock and unlock; the job at a glance with links to its parts; its
 * standard and Yellow Bucket containers first (what people come to a job for), then the job's
 * info, its destruction record, its pictures and documents, and its history.
 */
export function JobViewScreen() {
  const { id = '' } = useParams();
  const session = useSession();
  const query = useJob(id);
  const record = query.data;
  const [tab, setTab] = useState<ContainerKind>('standard');
  const [correcting, setCorrecting] = useState(false);
  const permissions = record ? jobPermissions(record.fieldData, session?.privileges) : null;

  const actions = record && permissions && (
    <>
      {permissions.canNotifyReady && <JobReadyButton fieldData={record.fieldData} />}
      <JobDocumentActions jobId={id} fieldData={record.fieldData} locked={permissions.locked} />
      <JobLockButton jobId={id} locked={permissions.locked} canLock={permissions.canLock} canUnlock={permissions.canUnlock} />
    </>
  );

  return (
    <PageFrame
      title={`Job ${id}`}
      titleAddon={permissions?.locked ? <LockIcon size={22} /> : undefined}
      subtitle={
        record && permissions ? (
          <JobNameEditor
            // A fresh editor per job: a draft never carries over to another job.
            key={id}
            jobId={id}
            name={text(record.fieldData[JOB_FIELDS.name])}
            modId={record.modId}
            editable={permissions.canRename}
          />
        ) : query.isPending ? (
          <Skeleton height={16} width={280} mt={6} />
        ) : undefined
      }
      actions={actions}
    >
      {query.isPending && (
        <Stack gap="lg">
          <JobInfoSkeleton />
          <Paper withBorder shadow="xs" p="lg">
            <Skeleton height={14} width={160} mb="md" />
            <Skeleton height={36} width="60%" />
          </Paper>
        </Stack>
      )}
      {query.isError && (
        <RecordLoadError what="job" error={query.error} />
      )}
      {record && permissions && (
        <Stack gap="lg">
          <JobSectionsNav record={record} onShowContainers={setTab} />
          <Box id={JOB_SECTIONS.containers} tabIndex={-1} className={classes.section}>
            <JobContainersTabs
              jobId={id}
              record={record}
              permissions={permissions}
              fetching={query.isFetching}
              tab={tab}
              onTabChange={setTab}
              actions={<JobExportMenus jobId={id} hasYellowBuckets={containerCount(record, 'yellow_bucket') > 0} />}
            />
          </Box>
          <Box id={JOB_SECTIONS.reconciliation} tabIndex={-1} className={classes.section}>
            <ReconciliationCard jobId={id} canResolve={permissions.canResolve} canPrint={permissions.canPrintReconciliation} />
          </Box>
          <Box id={JOB_SECTIONS.declared} tabIndex={-1} className={classes.section}>
            <DeclaredInventoryCard jobId={id} canDeclare={permissions.canDeclare} />
          </Box>
          <JobInfoCards fieldData={record.fieldData} />
          <Box id={JOB_SECTIONS.destructionRecord} tabIndex={-1} className={classes.section}>
            <Stack gap="sm">
              <DestructionRecordCard jobId={id} record={record} />
              {permissions.canAskCorrection && (
                <Group>
                  <Button variant="light" leftSection={<IconFilePencil size={16} stroke={1.8} aria-hidden />} onClick={() => setCorrecting(true)}>
                    Ask for a Correction of the Job's Dates
                  </Button>
                </Group>
              )}
              <CorrectionsPanel of={{ jobId: id }} />
            </Stack>
            {permissions.canAskCorrection && (
              <RequestCorrectionModal
                opened={correcting}
                onClose={() => setCorrecting(false)}
                target={{ kind: 'job', id }}
                noun={`job ${id}`}
                current={{ 'Date Received': text(record.fieldData['Date Received']), 'Date Destroyed': text(record.fieldData['Date Destroyed']) }}
              />
            )}
          </Box>
          <Box id={JOB_SECTIONS.files} tabIndex={-1} className={classes.section}>
            <JobFilesCard jobId={id} fieldData={record.fieldData} locked={permissions.locked} canUpload={permissions.canUpload} />
          </Box>
          <Box id={JOB_SECTIONS.history} tabIndex={-1} className={classes.section}>
            <HistoryPanel entity="jobs" id={id} />
          </Box>
        </Stack>
      )}
    </PageFrame>
  );
}
