import { Button, Textarea } from '@mantine/core';
import { UNLOCK_REASON_MAX } from '@3ds/domain';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { JOB_LOCK_QUESTIONS, useSetJobLock } from '../api/set-job-lock.ts';
import { LockConfirmDialog } from '../../../components/lock/lock-confirm-dialog.tsx';

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
  const setLock = useSetJobLock();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const action = locked ? 'unlock' : 'lock';
  if (locked ? !canUnlock : !canLock) return null;

  const close = () => {
    setAsking(false);
    setReason('');
    setLock.reset();
  };
  const confirm = () => {
    setLock.mutate(
      locked ? { id: jobId, locked: false, reason: reason.trim() } : { id: jobId, locked: true },
      {
        onSuccess: () => {
          showAlert({ type: 'SUCCESS', message: `Job ${jobId} is ${locked ? 'unlocked' : 'locked'}` });
          close();
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
        confirmDisabled={locked && reason.trim() === ''}
      >
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
