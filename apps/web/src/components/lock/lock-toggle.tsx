import { ActionIcon, Badge, Loader } from '@mantine/core';
import { mayPerform, type Action } from '@3ds/domain';
import { IconLock, IconLockOpen } from '@tabler/icons-react';

/**
 * The lock or open-lock icon beside a record's heading (spec 2 §2, §4): a button that locks or
 * unlocks when the user may; a plain icon when a parent (container or job) is locked, or without
 * the privilege. One for containers and line items.
 */
export type LockToggleMode = 'lock' | 'unlock' | 'parent-locked' | 'static';

/** Under a locked parent nothing can be done; otherwise the record's own state and the privilege decide. */
export function lockToggleMode(
  state: { ownLocked: boolean; parentLocked: boolean },
  privileges: readonly string[],
  actions: { lock: Action; unlock: Action },
): LockToggleMode {
  if (state.parentLocked) return 'parent-locked';
  if (state.ownLocked) return mayPerform(privileges, actions.unlock) ? 'unlock' : 'static';
  return mayPerform(privileges, actions.lock) ? 'lock' : 'static';
}

interface LockToggleProps {
  mode: LockToggleMode;
  /** Locked by its own flag or a parent's. */
  locked: boolean;
  /** What is locked, for the button's name: "container", "line item". */
  noun: string;
  /** What else the toggle locks, for its title: " and its line items". */
  alsoLocks?: string;
  /** Why it cannot be toggled when a parent is locked ("Locked: job 12 is locked"). */
  parentReason: string;
  pending: boolean;
  onToggle: () => void;
}

const ICON = { size: 22, stroke: 1.8 } as const;

/** A native title explains, rather than a Tooltip whose floating code would grow the screen for one hint. */
export function LockToggle({ mode, locked, noun, alsoLocks = '', parentReason, pending, onToggle }: LockToggleProps) {
  if (mode === 'lock' || mode === 'unlock') {
    const label = `${mode === 'lock' ? 'Lock' : 'Unlock'} ${noun}`;
    return (
      <ActionIcon
        variant="light"
        color={mode === 'unlock' ? 'gray' : 'brand'}
        size="lg"
        radius="md"
        aria-label={label}
        title={`${label}${alsoLocks}`}
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

const BADGE = { job: 'Job locked', container: 'Container locked', own: 'Locked' } as const;

/** Beside the toggle: what holds the record locked — its job, its container, or its own lock (the domain's `lockReason`). */
export function LockBadge({ reason }: { reason: keyof typeof BADGE | undefined }) {
  if (!reason) return null;
  return (
    <Badge variant="light" color="gray" radius="sm">
      {BADGE[reason]}
    </Badge>
  );
}
