import { Box, Group, SimpleGrid, Skeleton, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { SCHEDULE_FLAGS } from '@3ds/domain';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { DetailCard } from '../../../components/record-view/detail-parts.tsx';
import type { ScheduleFlag } from '../registration-detail.ts';

/**
 * "CSA Schedules": the twelve schedule flags of the registration, a tick where the registrant may
 * handle the schedule and a dash where not. Screen readers hear "Schedule 2N: Yes".
 */
export function CsaSchedulesCard({ flags }: { flags: readonly ScheduleFlag[] | undefined }) {
  return (
    <DetailCard
      title="CSA Schedules"
      aside={
        <Group gap="md" aria-hidden>
          <Group gap={4}>
            <Mark held />
            <Text size="xs" c="dimmed">
              Authorized
            </Text>
          </Group>
          <Group gap={4}>
            <Mark held={false} />
            <Text size="xs" c="dimmed">
              Not authorized
            </Text>
          </Group>
        </Group>
      }
    >
      <SimpleGrid component="dl" cols={{ base: 4, xs: 6 }} spacing={8} verticalSpacing={8} m={0}>
        {flags === undefined
          ? SCHEDULE_FLAGS.map((schedule) => <Skeleton key={schedule} height={58} radius="md" />)
          : flags.map(({ schedule, held }) => (
              <Box
                key={schedule}
                py={8}
                px={6}
                ta="center"
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  border: `1px solid var(--mantine-color-${held ? 'brand-2' : 'gray-3'})`,
                  background: held ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-gray-0)',
                }}
              >
                <Text component="dt" fw={700} size="sm" c={held ? 'brand.9' : 'dimmed'} lh={1.3}>
                  <VisuallyHidden>Schedule </VisuallyHidden>
                  {schedule}
                </Text>
                <Box component="dd" m={0} mt={4} style={{ display: 'flex', justifyContent: 'center' }}>
                  <Mark held={held} />
                  <VisuallyHidden>{held === null ? 'Not recorded' : held ? 'Yes' : 'No'}</VisuallyHidden>
                </Box>
              </Box>
            ))}
      </SimpleGrid>
    </DetailCard>
  );
}

function Mark({ held }: { held: boolean | null }) {
  return held ? (
    <ThemeIcon size={20} radius="xl" color="brand" variant="filled" aria-hidden>
      <IconCheck size={13} stroke={3} />
    </ThemeIcon>
  ) : (
    <ThemeIcon size={20} radius="xl" color="gray" variant="light" aria-hidden>
      <IconMinus size={13} stroke={2.5} />
    </ThemeIcon>
  );
}
