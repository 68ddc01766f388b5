import { Button } from '@mantine/core';
import { canPerform } from '@3ds/domain';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RecordData } from '../../../lib/records/record-shapes.ts';
import { DetailCard, DetailFields } from '../../../components/record-view/detail-parts.tsx';
import { useSession } from '../../../session/use-session.ts';
import { daysLateText, daysLeftView, destructionRecordValues } from '../destruction-record-model.ts';
import { isJobLocked } from '../job-record.ts';
import { jobQueryOptions } from '../api/get-job.ts';
import { DaysLateBadge, DaysLeftBadge } from '../../../components/destruction-clock/days-left-badge.tsx';
import { DestructionRecordModal } from './destruction-record-modal.tsx';
import { WitnessesPanel } from './witnesses-panel.tsx';
import { attestsText } from '../witnesses-model.ts';

/**
 * The job's destruction record (what Form 41 and the Certificate of Destruction print): transfer,
 * receipt and destruction dates with the 30-day clock, how and where the items were destroyed, and
 * the witnesses, who confirm for themselves (WitnessesPanel). "Edit" opens the form for holders of CREATE_JOB on an unlocked job — the same rule
 * the server applies.
 */
export function DestructionRecordCard({ jobId, record }: { jobId: string; record: RecordData }) {
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const values = destructionRecordValues(record.fieldData);
  const clock = daysLeftView(record.fieldData['Days Left']);
  const late = daysLateText(record.fieldData['Days Late']);
  const canEdit = canPerform(session?.privileges, 'job.edit-destruction-record', { record: isJobLocked(record.fieldData) });

  return (
    <DetailCard
      title="Destruction Record"
      aside={
        canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        )
      }
    >
      <DetailFields
        cols={{ base: 1, xs: 2, md: 4 }}
        fields={[
          { label: 'Transferred', value: values.dateTransfer },
          { label: 'Received', value: values.dateReceived },
          { label: 'Destroyed', value: values.dateDestroyed },
          { label: 'Days Left', value: late ? <DaysLateBadge text={late} /> : clock && <DaysLeftBadge view={clock} /> },
          { label: 'Disposal Method', value: values.disposalMethod },
          { label: 'Destruction Facility', value: values.facility },
          { label: 'Facility Address', value: values.facilityAddress },
          ...(values.lateReason ? [{ label: 'Reason for Late Destruction', value: values.lateReason }] : []),
        ]}
      />
      <WitnessesPanel jobId={jobId} attests={attestsText(values)} />
      {editing && (
        <DestructionRecordModal
          jobId={jobId}
          modId={record.modId}
          initial={values}
          onClose={() => setEditing(false)}
          onReload={async () => {
            const fresh = await queryClient.fetchQuery({ ...jobQueryOptions(jobId), staleTime: 0 });
            return { modId: fresh.modId, initial: destructionRecordValues(fresh.fieldData) };
          }}
        />
      )}
    </DetailCard>
  );
}
