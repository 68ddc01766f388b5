import { ActionIcon, Loader } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import type { LockToggleMode } from './line-item-record.ts';

interface LineItemLockToggleProps {
  mode: LockToggleMode;
  /** Locked by its own flag, its container's or its job's. */
  locked: boolean;
  /** Why it cannot be toggled, when its container or job is locked. */
  parentReason: string;
  pending: boolean;
  onToggle: () => void;
}

const ICON = { size: 22, stroke: 1.8 } as const;

/**
 * The lock or open-lock icon beside the heading (spec 2 §2, §4): a button that locks or unlocks
 * when the user may, a plain icon under a locked container or job or without the privilege. A
 * native title explains, rather than a Tooltip whose floating code would grow the screen for one hint.
 */
export function LineItemLockToggle({ mode, locked, parentReason, pending, onToggle }: LineItemLockToggleProps) {
  if (mode === 'lock' || mode === 'unlock') {
    const label = mode === 'lock' ? 'Lock line item' : 'Unlock line item';
    return (
      <ActionIcon
        variant="light"
        color={mode === 'unlock' ? 'gray' : 'brand'}
        size="lg"
        radius="md"
        aria-label={label}
        title={label}
        onClick={onToggle}
        disabled={pending}
      >
        {pending ? <Loader size={16} /> : mode === 'unlock' ? <IconLock {...ICON} aria-hidden /> : <IconLockOpen {...ICON} aria-hidden />}
      </ActionIcon>
    );
  }
  const title = mode === 'parent-locked' ? parentReason : locked ? 'Locked' : 'Unlocked';
  const Icon = locked ? IconLock : IconLockOpen;
  return (
    <span title={title} style={{ display: 'inline-flex', flex: 'none', padding: 6 }}>
      <Icon {...ICON} role="img" aria-label={locked ? 'Locked' : 'Unlocked'} style={{ color: 'var(--mantine-color-gray-6)' }} />
    </span>
  );
}
