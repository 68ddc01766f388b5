import { EmptyState, Paper } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** Stands in for the body of a screen that a later release fills in. */
export function ScreenPlaceholder() {
  return (
    <Paper withBorder shadow="xs" p="xl" py={56}>
      <EmptyState
        variant="light"
        icon={<IconTools size={26} stroke={1.6} aria-hidden />}
        title="Not available yet"
        description="This screen is part of an upcoming release of 3DS."
      />
    </Paper>
  );
}
