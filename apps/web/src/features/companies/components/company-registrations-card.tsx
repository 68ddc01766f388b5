import { ActionIcon, Anchor, Badge, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { COMPANY_REGISTRATIONS_PAGE_SIZE } from '@3ds/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { DetailCard } from '../../../components/record-view/detail-parts.tsx';
import { PortalPager, usePortalPage } from '../../../components/record-view/portal-pager.tsx';
import { useMayPerform } from '../../../session/use-session.ts';
import type { CompanyRegistration } from '../company-detail.ts';
import { NewJobDialog } from '../../../components/new-job/new-job-dialog.tsx';

interface CompanyRegistrationsCardProps {
  /** Already narrowed to the registrations a job can be created on; undefined while loading. */
  registrations: readonly CompanyRegistration[] | undefined;
}

/**
 * The company's current DEA registrations, 10 per page, each with a link to the registration
 * and — for users holding CREATE_JOB — a plus button that opens "Add New Job".
 */
export function CompanyRegistrationsCard({ registrations }: CompanyRegistrationsCardProps) {
  const canCreateJob = useMayPerform('job.create');
  const rows = registrations ?? [];
  const paging = usePortalPage(rows, COMPANY_REGISTRATIONS_PAGE_SIZE);
  const [target, setTarget] = useState<CompanyRegistration | null>(null);
  const [opened, setOpened] = useState(false);

  const openAddJob = (registration: CompanyRegistration) => {
    setTarget(registration);
    setOpened(true);
  };

  return (
    <DetailCard
      title="Registrations"
      aside={
        registrations && (
          <Text size="sm" c="dimmed">
            {registrations.length} current DEA {registrations.length === 1 ? 'registration' : 'registrations'}
          </Text>
        )
      }
    >
      <Text size="sm" c="dimmed" mt={-8} mb="sm">
        Registrations issued by the Drug Enforcement Administration that have not expired.
        {canCreateJob ? ' Use + to start a new job on one of them.' : ''}
      </Text>
      <Table.ScrollContainer minWidth={440} type="native">
        <Table striped highlightOnHover fz="sm" verticalSpacing={7} aria-label="Registrations">
          <Table.Thead>
            <Table.Tr>
              {canCreateJob && (
                <Table.Th w={48}>
                  <VisuallyHidden>Add job</VisuallyHidden>
                </Table.Th>
              )}
              <Table.Th>License Type</Table.Th>
              <Table.Th>Registration</Table.Th>
              <Table.Th>Expiration</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {registrations === undefined &&
              Array.from({ length: 3 }, (_, index) => (
                <Table.Tr key={index} aria-hidden>
                  {canCreateJob && (
                    <Table.Td>
                      <Skeleton height={22} width={22} radius="xl" />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Skeleton height={12} width={70} />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton height={12} width={110} />
                  </Table.Td>
                  <Table.Td>
                    <Skeleton height={12} width={90} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {registrations !== undefined && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={canCreateJob ? 4 : 3}>
                  <Text size="sm" c="dimmed" fs="italic" py={4}>
                    No current DEA registrations
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {paging.pageRows.map((registration) => (
              <Table.Tr key={registration.id}>
                {canCreateJob && (
                  <Table.Td>
                    <ActionIcon
                      variant="light"
                      size="md"
                      radius="xl"
                      onClick={() => openAddJob(registration)}
                      aria-label={`Add New Job for registration ${registration.number}`}
                      title="Add New Job"
                    >
                      <IconPlus size={16} stroke={2} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                )}
                <Table.Td>{registration.licenseType}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={routePath('registration-view', { id: registration.id })} fw={600} size="sm">
                    {registration.number || `Registration ${registration.id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <span>{registration.expiration}</span>
                    {registration.expiry === 'almost-expired' && (
                      <Badge size="xs" variant="light" color="orange" radius="sm">
                        Expires soon
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {registrations !== undefined && rows.length > 0 && (
        <PortalPager
          page={paging.page}
          size={paging.size}
          count={paging.count}
          onPageChange={paging.setPage}
          label="Registrations pages"
        />
      )}
      {canCreateJob && <NewJobDialog title="Add New Job" registration={target} opened={opened} onClose={() => setOpened(false)} />}
    </DetailCard>
  );
}
