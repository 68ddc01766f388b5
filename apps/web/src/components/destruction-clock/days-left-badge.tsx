import { Badge } from '@mantine/core';
import type { DestructionClockState } from '@3ds/domain';
import type { DaysLeftView } from './days-left.ts';

const TONE: Record<DestructionClockState, { color: string; title: string }> = {
  'on-time': { color: 'teal', title: 'Within the 30-day destruction deadline' },
  warning: { color: 'orange', title: 'Day 20 or later of the 30 days allowed to destroy what was received' },
  overdue: { color: 'red', title: 'Past the 30 days allowed to destroy what was received (21 CFR 1317.15)' },
};

/** The 30-day destruction clock: days left in words, teal, orange from day 20, red once overdue. */
export function DaysLeftBadge({ view, size = 'sm' }: { view: DaysLeftView; size?: 'xs' | 'sm' | 'md' }) {
  const tone = TONE[view.state];
  return (
    <Badge size={size} variant={view.state === 'overdue' ? 'filled' : 'light'} color={tone.color} radius="sm" title={tone.title} data-clock={view.state}>
      {view.text}
    </Badge>
  );
}

/** A destruction made later than the 30 days after receipt: "Destroyed 50 days late" (a list: "50 days late"), red. */
export function DaysLateBadge({ text, size = 'sm' }: { text: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge size={size} variant="filled" color="red" radius="sm" title="Destroyed later than the 30 days after receipt that 21 CFR 1317.15(c) allows" data-clock="late">
      {text}
    </Badge>
  );
}
