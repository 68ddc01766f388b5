import { Alert, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, type SimpleGridProps } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import classes from './record-view.module.css';

/**
 * The building blocks of the real detail screens (company, registration, …), in the look of the
 * generic RecordView: titled cards, caption/value field lists, and the "Back to list" button.
 */

interface DetailCardProps {
  title: ReactNode;
  /** Shown at the right of the heading row (a count, a small action). */
  aside?: ReactNode;
  children: ReactNode;
  /** Stretch to the height of the grid row it sits in. */
  fill?: boolean;
}

/** A titled card; its heading names the section (`aria-labelledby`). */
export function DetailCard({ title, aside, children, fill = false }: DetailCardProps) {
  const headingId = useId();
  return (
    <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby={headingId} h={fill ? '100%' : undefined}>
      <Group justify="space-between" align="center" mb="md" gap="sm" mih={28}>
        <Title order={2} fz="md" fw={650} id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

export interface DetailField {
  label: string;
  /** Text or an element (a link, a badge); empty text shows as a dash. */
  value: ReactNode;
}

/**
 * Caption/value pairs as a description list, in as many columns as fit: the field list of every
 * detail screen (company, registration, job, container, the generic record view).
 */
export function DetailFields({
  fields,
  cols = { base: 1, sm: 2 },
  spacing = 'lg',
  verticalSpacing = 'sm',
}: {
  fields: readonly DetailField[];
  cols?: SimpleGridProps['cols'];
  spacing?: SimpleGridProps['spacing'];
  verticalSpacing?: SimpleGridProps['verticalSpacing'];
}) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing={spacing} verticalSpacing={verticalSpacing} className={classes.fields}>
      {fields.map((field) => (
        <Box key={field.label} className={classes.field}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.caption}>
            {field.label}
          </Text>
          <Text component="dd" size="sm" className={classes.value}>
            {field.value === '' || field.value === null || field.value === undefined ? (
              <span className={classes.empty} aria-label="Not set">
                —
              </span>
            ) : (
              field.value
            )}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** Placeholder rows for a DetailFields list while the record loads (same height, no jump). */
export function DetailFieldsSkeleton({ count, cols = { base: 1, sm: 2 } }: { count: number; cols?: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="lg" verticalSpacing="sm" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Stack key={index} gap={8} pb={6}>
          <Skeleton height={10} width="40%" />
          <Skeleton height={14} width="70%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * "Back to list": to the list page the user came from (list links pass it as `state.from`), or
 * to the list's first page.
 */
export function BackToListButton({ listPath }: { listPath: string }) {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && from.startsWith(listPath) ? from : listPath;
  return (
    <Button component={Link} to={backTo} variant="subtle" leftSection={<IconArrowLeft size={16} stroke={1.8} aria-hidden />}>
      Back to list
    </Button>
  );
}

interface DetailLayoutProps {
  /** What the record is ("company"), for the load error. */
  what: string;
  /** The record's query error, when it could not be loaded. */
  error: unknown;
  /** The main card, on the left. */
  main: ReactNode;
  /** Smaller cards stacked on the right of it. */
  side: ReactNode;
  /** Full-width cards underneath (portals). */
  below: ReactNode;
}

/**
 * How a record's detail screen is arranged (company, registration): its main card beside a column
 * of smaller ones, the portals underneath — or, when it could not be loaded, why.
 */
export function DetailLayout({ what, error, main, side, below }: DetailLayoutProps) {
  if (error) return <RecordLoadError what={what} error={error} />;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {main}
        <Stack gap="lg">{side}</Stack>
      </SimpleGrid>
      {below}
    </Stack>
  );
}

/** Why a record could not be loaded, in place of its cards ("This company could not be shown"). */
export function RecordLoadError({ what, error }: { what: string; error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`This ${what} could not be shown`}>
      {error instanceof ApiError && error.status === 404
        ? 'It does not exist, or it was deleted.'
        : error instanceof ApiError
          ? error.message
          : 'Reload the page to try again.'}
    </Alert>
  );
}
