import { Alert, Button, Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { mayPerform, UNLOCK_REASON_MAX, type JobDocumentKind } from '@3ds/domain';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { useSession } from '../../../session/use-session.ts';
import { useGenerateJobDocument } from '../api/generate-job-document.ts';
import { generatedDocumentsQueryOptions } from '../api/get-generated-documents.ts';
import { JOB_LOCK_QUESTIONS, useSetJobLock } from '../api/set-job-lock.ts';
import { outOfDateText } from '../job-record.ts';
import { LockConfirmDialog } from '../../../components/lock/lock-confirm-dialog.tsx';
import { useReconciliation } from '../api/reconciliation.ts';
import { useWitnesses } from '../api/witnesses.ts';

interface JobLockButtonProps {
  jobId: string;
  locked: boolean;
  canLock: boolean;
  canUnlock: boolean;
}

/**
 * "Lock Job" on an unlocked job (LOCK_JOB), "Unlock Job" on a locked one (UNLOCK_JOB), each confirmed
 * first; the lock's confirmation lists the line items that keep the job from being locked, the
 * unlock's asks why (kept in the job's history).
 */
export function JobLockButton({ jobId, locked, canLock, canUnlock }: JobLockButtonProps) {
  // What the reconciliation says now (the live updates keep it current): an open difference refuses the lock.
  const openDifferences = useReconciliation(jobId).data?.counts.open ?? 0;
  const setLock = useSetJobLock();
  const generate = useGenerateJobDocument();
  const privileges = useSession()?.privileges;
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [regenerate, setRegenerate] = useState(true);
  // Locking again: the documents generated before, read afresh, say whether the records changed since.
  const documents = useQuery({ ...generatedDocumentsQueryOptions(jobId), enabled: asking && !locked, staleTime: 0 });
  const stale = locked ? [] : (documents.data ?? []).filter((doc) => doc.outOfDate);
  const staleKinds = stale.map((doc): JobDocumentKind => (doc.slot === '41 Insert' ? 'form-41' : 'certificate'));
  const mayGenerate = staleKinds.every((kind) => mayPerform(privileges, kind === 'form-41' ? 'job.form-41' : 'job.certificate'));
  // The documents print the destruction witnesses' confirmations: a void one is confirmed again first.
  const unconfirmed = (useWitnesses(jobId).data?.witnesses ?? []).filter((w) => w.role.startsWith('destruction') && w.state !== 'confirmed').map((w) => w.label);
  const canRegenerate = mayGenerate && unconfirmed.length === 0;
  const action = locked ? 'unlock' : 'lock';
  if (locked ? !canUnlock : !canLock) return null;

  const close = () => {
    setAsking(false);
    setReason('');
    setRegenerate(true);
    setLock.reset();
  };
  /** The out-of-date documents, generated again one after the other once the job is locked. */
  const generateAgain = async (kinds: readonly JobDocumentKind[]) => {
    for (const kind of kinds) await generate.mutateAsync({ jobId, kind, draft: false });
    showAlert({ type: 'SUCCESS', message: `Job ${jobId} is locked; ${stale.map((doc) => doc.document).join(' and ')} generated again` });
  };
  const confirm = () => {
    const again = !locked && regenerate && canRegenerate ? staleKinds : [];
    setLock.mutate(
      locked ? { id: jobId, locked: false, reason: reason.trim() } : { id: jobId, locked: true },
      {
        onSuccess: () => {
          close();
          // A failed generation is shown by the shared error handler; the job stays locked.
          if (again.length) void generateAgain(again).catch(() => undefined);
          else showAlert({ type: 'SUCCESS', message: `Job ${jobId} is ${locked ? 'unlocked' : 'locked'}` });
        },
        // A refusal stays in the dialog: the line items to complete, or the server's message.
      },
    );
  };

  return (
    <>
      <Button
        variant={locked ? 'default' : 'light'}
        color={locked ? undefined : 'orange'}
        leftSection={locked ? <IconLockOpen size={17} stroke={1.8} aria-hidden /> : <IconLock size={17} stroke={1.8} aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {locked ? 'Unlock Job' : 'Lock Job'}
      </Button>
      <LockConfirmDialog
        opened={asking}
        locking={!locked}
        entity="jobs"
        id={jobId}
        noun="Job"
        title={locked ? 'Unlock Job' : 'Lock Job'}
        question={JOB_LOCK_QUESTIONS[action]}
        busy={setLock.isPending}
        error={setLock.error}
        onConfirm={confirm}
        onClose={close}
        confirmDisabled={(locked && reason.trim() === '') || (!locked && openDifferences > 0)}
      >
        {!locked && openDifferences > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Differences open">
            <Text size="sm">
              Job {jobId} cannot be locked for destruction yet: {openDifferences === 1 ? 'a controlled substance differs' : `${openDifferences} controlled substances differ`} from what the client declared. Resolve{' '}
              {openDifferences === 1 ? 'it' : 'each'} on the job's Reconciliation, with its reason.
            </Text>
          </Alert>
        )}
        {stale.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Documents out of date">
            <Stack gap={8}>
              <Text size="sm">{outOfDateText(stale.map((doc) => doc.document))}</Text>
              {unconfirmed.length > 0 ? (
                <Text size="sm">
                  {unconfirmed.join(' and ')} must confirm again first, under Witnesses on the Destruction Record: the documents print their confirmations, and what
                  they attested changed.
                </Text>
              ) : mayGenerate ? (
                <Checkbox
                  label={`Generate ${stale.length === 1 ? 'it' : 'them'} again once the job is locked`}
                  checked={regenerate}
                  onChange={(event) => setRegenerate(event.currentTarget.checked)}
                  disabled={setLock.isPending}
                />
              ) : (
                <Text size="sm">Ask someone who may generate the job's documents to generate {stale.length === 1 ? 'it' : 'them'} again.</Text>
              )}
            </Stack>
          </Alert>
        )}
        {locked && (
          <Textarea
            label="Reason for unlocking"
            description="Kept in the job's history with your name and the time."
            required
            autosize
            minRows={2}
            maxLength={UNLOCK_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value.replace(/[\r\n]+/g, ' '))}
            disabled={setLock.isPending}
          />
        )}
      </LockConfirmDialog>
    </>
  );
}
