import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import { NewJobDialog } from '../../../components/new-job/new-job-dialog.tsx';
import { useMayPerform } from '../../../session/use-session.ts';
import type { CellRenderer } from '../../../components/list-screen/list-columns.tsx';
import { daysLeftView } from '../destruction-record-model.ts';
import { DUE_WITHIN_A_WEEK } from '../../../components/destruction-clock/days-left.ts';
import { DaysLeftBadge } from '../../../components/destruction-clock/days-left-badge.tsx';

/** Days Left as the 30-day clock's badge (orange from day 20, red once overdue); empty when not running. */
const RENDERERS: Partial<Record<string, CellRenderer>> = {
  'Days Left': (record) => {
    const view = daysLeftView(record.fieldData['Days Left']);
    return view ? <DaysLeftBadge view={view} size="xs" /> : null;
  },
};

function DestructionClockLegend() {
  return (
    <Group gap="md" component="span">
      <Text span size="sm" c="dimmed">
        Days Left: 30 calendar days from receipt to destruction (21 CFR 1317.15).
      </Text>
      <Anchor component={Link} to={DUE_WITHIN_A_WEEK} size="sm">
        Due within 7 days
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
