import { ActionIcon, Loader } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import type { LockToggleMode } from './container-record.ts';

interface ContainerLockToggleProps {
  mode: LockToggleMode;
  /** Locked by its own flag or its job's. */
  locked: boolean;
  jobId: string;
  pending: boolean;
  onToggle: () => void;
}

const ICON = { size: 22, stroke: 1.8 } as const;

/**
 * The lock or open-lock icon beside the heading (spec 2 §2, §4): a button that locks or unlocks
 * when the user may, a plain icon under a locked job or without the privilege. A native title
 * explains, rather than a Tooltip whose floating code would grow the screen for one hint.
 */
export function ContainerLockToggle({ mode, locked, jobId, pending, onToggle }: ContainerLockToggleProps) {
  if (mode === 'lock' || mode === 'unlock') {
    const label = mode === 'lock' ? 'Lock container' : 'Unlock container';
    return (
      <ActionIcon
        variant="light"
        color={mode === 'unlock' ? 'gray' : 'brand'}
        size="lg"
        radius="md"
        aria-label={label}
        title={`${label} and its line items`}
        onClick={onToggle}
        disabled={pending}
      >
        {pending ? <Loader size={16} /> : mode === 'unlock' ? <IconLock {...ICON} aria-hidden /> : <IconLockOpen {...ICON} aria-hidden />}
      </ActionIcon>
    );
  }
  const title = mode === 'job-locked' ? `Locked: job ${jobId} is locked` : locked ? 'Locked' : 'Unlocked';
  const Icon = locked ? IconLock : IconLockOpen;
  return (
    <span title={title} style={{ display: 'inline-flex', flex: 'none', padding: 6 }}>
      <Icon {...ICON} role="img" aria-label={locked ? 'Locked' : 'Unlocked'} style={{ color: 'var(--mantine-color-gray-6)' }} />
    </span>
  );
}
