import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageFrameProps {
  /** The page's one h1, e.g. "Companies" or "Job 12". */
  title: ReactNode;
  /** Shown next to the title (a lock icon, a status badge). */
  titleAddon?: ReactNode;
  /** A line under the title (the record's name, a short explanation). */
  subtitle?: ReactNode;
  /** Page-level actions, right-aligned beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every screen of the signed-in area uses: heading row, then the content. */
export function PageFrame({ title, titleAddon, subtitle, actions, children }: PageFrameProps) {
  return (
    <Stack gap="lg" maw={1680} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4} miw={0}>
          <Group gap="xs" wrap="nowrap">
            <Title order={1} fz={26} fw={700} c="dark.8" lh={1.2}>
              {title}
            </Title>
            {titleAddon}
          </Group>
          {subtitle && (
            // A paragraph for text; a div for richer content (e.g. an inline editor), which a <p> may not hold.
            <Text c="dimmed" size="sm" component={typeof subtitle === 'string' ? 'p' : 'div'}>
              {subtitle}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Stack>
  );
}
