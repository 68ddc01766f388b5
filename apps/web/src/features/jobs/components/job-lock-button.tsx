import { Button } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store.ts';
import { JOB_LOCK_QUESTIONS, useSetJobLock } from '../api/set-job-lock.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';

interface JobLockButtonProps {
  jobId: string;
  locked: boolean;
  canLock: boolean;
  canUnlock: boolean;
}

/** "Lock Job" on an unlocked job (LOCK_JOB), "Unlock Job" on a locked one (UNLOCK_JOB), each confirmed first. */
export function JobLockButton({ jobId, locked, canLock, canUnlock }: JobLockButtonProps) {
  const setLock = useSetJobLock();
  const [asking, setAsking] = useState(false);
  const action = locked ? 'unlock' : 'lock';
  if (locked ? !canUnlock : !canLock) return null;

  const confirm = () => {
    setLock.mutate(
      { id: jobId, locked: !locked },
      {
        onSuccess: () => showAlert({ type: 'SUCCESS', message: `Job ${jobId} is ${locked ? 'unlocked' : 'locked'}` }),
        // A refusal is shown by the shared error handler with the server's message.
        onSettled: () => setAsking(false),
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
      <ConfirmDialog
        opened={asking}
        title={locked ? 'Unlock Job' : 'Lock Job'}
        question={JOB_LOCK_QUESTIONS[action]}
        busy={setLock.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
