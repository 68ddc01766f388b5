import { ActionIcon, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { REGISTRATION_JOBS_PAGE_SIZE } from '@3ds/domain';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { LockIcon } from '../../../components/lock/lock-icon.tsx';
import { DetailCard } from '../../../components/record-view/detail-parts.tsx';
import { PortalPager, usePortalPage } from '../../../components/record-view/portal-pager.tsx';
import type { RegistrationJob } from '../registration-detail.ts';

/** "Active Jobs": the registration's jobs, newest first, 10 per page, each with a view link. */
export function ActiveJobsCard({ jobs, foundCount }: { jobs: readonly RegistrationJob[] | undefined; foundCount?: number | undefined }) {
  const rows = jobs ?? [];
  const paging = usePortalPage(rows, REGISTRATION_JOBS_PAGE_SIZE);
  const shownOfMore = foundCount !== undefined && foundCount > rows.length;
  return (
    <DetailCard
      title="Active Jobs"
      aside={
        jobs && (
          <Text size="sm" c="dimmed">
            {shownOfMore ? `${rows.length} of ${foundCount}` : rows.length} {rows.length === 1 && !shownOfMore ? 'job' : 'jobs'}
          </Text>
        )
      }
    >
      <Table.ScrollContainer minWidth={480} type="native">
        <Table striped highlightOnHover fz="sm" verticalSpacing={7} aria-label="Active Jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>
                <VisuallyHidden>View</VisuallyHidden>
              </Table.Th>
              <Table.Th w={110}>ID</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={140}>Initiated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs === undefined &&
              Array.from({ length: 3 }, (_, index) => (
                <Table.Tr key={index} aria-hidden>
                  <Table.Td>
                    <Skeleton height={18} width={18} radius="xl" />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton height={12} width={40} />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton height={12} width="60%" />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton height={12} width={80} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {jobs !== undefined && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" fs="italic" py={4}>
                    No jobs on this registration yet
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {paging.pageRows.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>
                  <ActionIcon
                    component={Link}
                    to={routePath('job-view', { id: job.id })}
                    variant="subtle"
                    size="sm"
                    aria-label={`View job ${job.id}`}
                  >
                    <IconEye size={17} stroke={1.7} aria-hidden />
                  </ActionIcon>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <span>{job.id}</span>
                    {job.locked && <LockIcon size={14} />}
                  </Group>
                </Table.Td>
                <Table.Td>{job.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{job.initiated}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {jobs !== undefined && rows.length > 0 && (
        <PortalPager page={paging.page} size={paging.size} count={paging.count} onPageChange={paging.setPage} label="Active Jobs pages" />
      )}
    </DetailCard>
  );
}
