import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import { NewJobDialog } from '../../../components/new-job/new-job-dialog.tsx';
import { useMayPerform } from '../../../session/use-session.ts';
import type { CellRenderer } from '../../../components/list-screen/list-columns.tsx';
import { daysLateText, daysLeftView } from '../destruction-record-model.ts';
import { DUE_WITHIN_A_WEEK } from '../../../components/destruction-clock/days-left.ts';
import { DaysLateBadge, DaysLeftBadge } from '../../../components/destruction-clock/days-left-badge.tsx';

/**
 * Days Left as the 30-day clock's badge (orange from day 20, red once overdue); once destroyed,
 * "N days late" in red when that was after the 30 days; empty otherwise.
 */
const RENDERERS: Partial<Record<string, CellRenderer>> = {
  'Days Left': (record) => {
    const late = daysLateText(record.fieldData['Days Late'], true);
    if (late) return <DaysLateBadge text={late} size="xs" />;
    const view = daysLeftView(record.fieldData['Days Left']);
    return view ? <DaysLeftBadge view={view} size="xs" /> : null;
  },
};

/** The find "destroyed late": destructions made more than 30 days after receipt, the latest first. */
export const DESTROYED_LATE = routePath('jobs', {}, {
  find: JSON.stringify([{ omit: false, criteria: { 'Days Late': '>0' } }]),
  sort: JSON.stringify([{ fieldName: 'Days Late', sortOrder: 'descend' }]),
});

function DestructionClockLegend() {
  return (
    <Group gap="md" component="span">
      <Text span size="sm" c="dimmed">
        Days Left: 30 calendar days from receipt to destruction (21 CFR 1317.15).
      </Text>
      <Anchor component={Link} to={DUE_WITHIN_A_WEEK} size="sm">
        Due within 7 days
      </Anchor>
      <Anchor component={Link} to={DESTROYED_LATE} size="sm">
        Destroyed late
      </Anchor>
    </Group>
  );
}

/**
 * `/jobs`: the jobs list (spec 1 §2 "Jobs list"), with the lock column first and the 30-day clock,
 * and New Job (CREATE_JOB) on any current DEA registration, found in the dialog.
 */
export function JobsScreen() {
  const canCreate = useMayPerform('job.create');
  const [creating, setCreating] = useState(false);
  const newJob = canCreate ? (
    <Button leftSection={<IconPlus size={17} stroke={2} aria-hidden />} onClick={() => setCreating(true)}>
      New Job
    </Button>
  ) : undefined;
  return (
    <>
      <ListScreen entity="jobs" renderers={RENDERERS} legend={<DestructionClockLegend />} actions={newJob} />
      {canCreate && <NewJobDialog opened={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
