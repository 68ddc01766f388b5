import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { todayIso, type EntityName } from '@3ds/domain';
import { IconAlertOctagon, IconArrowRight, IconBriefcase, IconClockExclamation, IconHistory, IconPackage, IconPill } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { DaysLeftBadge } from '../../../components/destruction-clock/days-left-badge.tsx';
import { daysLeftView, DUE_WITHIN_A_WEEK, DUE_WITHIN_A_WEEK_FIND, DUE_WITHIN_A_WEEK_SORT } from '../../../components/destruction-clock/days-left.ts';
import { useListRecords } from '../../../lib/records/list-records.ts';
import { recordText, type ListRecord } from '../../../lib/records/record-shapes.ts';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useSession } from '../../../session/use-session.ts';
import { useOnHand } from '../api/get-on-hand.ts';
import { listLink, LOSSES_TO_REPORT, mergeRecentChanges, myOpenContainers, myOpenJobs, onHandLink, recentlyChanged, type HomeFind } from '../home-finds.ts';
import classes from './home-screen.module.css';

/** Rows a card shows; its link opens the whole list. */
const SHOWN = 6;
const RECENT_SHOWN = 8;

function useFind(find: HomeFind) {
  return useListRecords(find.entity, { page: 1, size: 10, quick: '', find: find.find, sort: find.sort });
}

interface HomeCardProps {
  title: string;
  icon: ReactNode;
  /** What the card holds, in a line. */
  description: string;
  /** The number of records found (undefined while loading). */
  count?: number | undefined;
  /** The list the card is a glimpse of. */
  link?: { to: string; label: string } | undefined;
  children: ReactNode;
}

function HomeCard({ title, icon, description, count, link, children }: HomeCardProps) {
  const headingId = useId();
  return (
    <Paper withBorder shadow="xs" component="section" aria-labelledby={headingId} className={classes.card}>
      <Group justify="space-between" gap="sm" wrap="nowrap" px="md" pt="md" pb={6} align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <span className={classes.cardIcon}>{icon}</span>
          <Stack gap={0}>
            <Group gap="xs">
              <Title order={2} fz="md" fw={650} id={headingId}>
                {title}
              </Title>
              {count !== undefined && (
                <Badge size="sm" variant="light" color={count > 0 ? 'brand' : 'gray'} radius="sm">
                  {count}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
      </Group>
      <div className={classes.cardBody}>{children}</div>
      {link && (
        <Group justify="flex-end" px="md" py={8} className={classes.cardFooter}>
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            <Group gap={4} wrap="nowrap" component="span">
              {link.label}
              <IconArrowRight size={15} stroke={1.8} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      )}
    </Paper>
  );
}

function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" px="md" py="sm" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={14} width={`${85 - index * 12}%`} />
      ))}
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" px="md" py="sm">
      {children}
    </Text>
  );
}

/** A list of records as links, one per line, with what says the most about each beside it. */
function RecordLinks({ records, render }: { records: readonly ListRecord[]; render: (record: ListRecord) => { to: string; title: string; detail: string; aside?: ReactNode } }) {
  return (
    <ul className={classes.rows}>
      {records.map((record) => {
        const row = render(record);
        return (
          <li key={record.recordId} className={classes.row}>
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={row.to} size="sm" fw={600}>
                {row.title}
              </Anchor>
              {row.detail && (
                <Text size="xs" c="dimmed" className={classes.ellipsis} title={row.detail}>
                  {row.detail}
                </Text>
              )}
            </Stack>
            {row.aside}
          </li>
        );
      })}
    </ul>
  );
}

function listCard(query: ReturnType<typeof useFind>, empty: string, render: Parameters<typeof RecordLinks>[0]['render']) {
  if (query.isPending) return <RowsSkeleton />;
  if (query.isError) return <Empty>This could not be read; it is read again with the next change.</Empty>;
  const records = query.data.data.slice(0, SHOWN);
  return records.length === 0 ? <Empty>{empty}</Empty> : <RecordLinks records={records} render={render} />;
}

const more = (count: number | undefined, noun: string) => (count !== undefined && count > SHOWN ? `All ${count} of ${noun}` : `Open the list of ${noun}`);

/**
 * `/home`, where a signed-in user starts the day: jobs whose 30-day destruction clock is within a
 * week or past it, what is on hand by schedule, the user's own open jobs and containers, and the
 * records changed last — each a glimpse of a list's find, with a link to the list itself.
 */
export function HomeScreen() {
  const username = useSession()?.username ?? '';
  const dueFind: HomeFind = { entity: 'jobs', find: DUE_WITHIN_A_WEEK_FIND, sort: DUE_WITHIN_A_WEEK_SORT };
  const due = useFind(dueFind);
  const onHand = useOnHand();
  const jobsFind = myOpenJobs(username);
  const containersFind = myOpenContainers(username);
  const myJobs = useFind(jobsFind);
  const myContainers = useFind(containersFind);
  const recent = {
    jobs: useFind(recentlyChanged('jobs')),
    containers: useFind(recentlyChanged('containers')),
    'line-items': useFind(recentlyChanged('line-items')),
  };
  const losses = useFind(LOSSES_TO_REPORT);
  const lossCount = losses.data?.dataInfo.foundCount ?? 0;
  const recentLoading = Object.values(recent).some((query) => query.isPending);
  const changes = mergeRecentChanges(
    { jobs: recent.jobs.data?.data ?? [], containers: recent.containers.data?.data ?? [], 'line-items': recent['line-items'].data?.data ?? [] },
    RECENT_SHOWN,
  );

  const jobLink = (record: ListRecord) => {
    const id = recordText(record, '__PKJobID') || record.recordId;
    const clock = daysLeftView(record.fieldData['Days Left']);
    return {
      to: routePath('job-view', { id }),
      title: `Job ${id} · ${recordText(record, 'Job Name') || 'No name'}`,
      detail: [recordText(record, 'Company Name'), recordText(record, 'Registration::Registration Number')].filter(Boolean).join(' · '),
      aside: clock ? (
        <span className={classes.aside}>
          <DaysLeftBadge view={clock} size="sm" />
        </span>
      ) : undefined,
    };
  };

  return (
    <PageFrame title="Home" subtitle={`${longDate(todayIso())}: what is due, what is on hand and what is yours`}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
        <HomeCard
          title="Due for destruction"
          icon={<IconClockExclamation size={20} stroke={1.7} aria-hidden />}
          description="Received jobs within 7 days of the 30 days allowed to destroy them, or past them (21 CFR 1317.15)."
          count={due.data?.dataInfo.foundCount}
          link={{ to: DUE_WITHIN_A_WEEK, label: more(due.data?.dataInfo.foundCount, 'the jobs due') }}
        >
          {listCard(due, 'Nothing is due within 7 days: every received job has more than a week left.', jobLink)}
        </HomeCard>

        {lossCount > 0 && (
          <HomeCard
            title="Losses to report"
            icon={<IconAlertOctagon size={20} stroke={1.7} aria-hidden />}
            description="Thefts and losses in transit whose notice to DEA (1 business day) or Form 106 (45 days) is still to do (21 CFR 1301.74(c))."
            count={lossCount}
            link={{ to: listLink(LOSSES_TO_REPORT), label: more(lossCount, 'the losses to report') }}
          >
            {listCard(losses, '', (record) => {
              const id = recordText(record, 'Loss ID') || record.recordId;
              const notice = recordText(record, 'Notice');
              const form106 = recordText(record, 'Form 106');
              const missed = notice.startsWith('Missed') || form106.startsWith('Missed');
              return {
                to: routePath('loss-view', { id }),
                title: `Loss ${id} · ${recordText(record, 'Item')}`,
                detail: `Notice: ${notice} · Form 106: ${form106} · ${recordText(record, 'Company Name')}`,
                aside: (
                  <span className={classes.aside}>
                    <Badge size="sm" variant={missed ? 'filled' : 'light'} color={missed ? 'red' : 'orange'} radius="sm">
                      {missed ? 'Missed' : 'To report'}
                    </Badge>
                  </span>
                ),
              };
            })}
          </HomeCard>
        )}

        <HomeCard
          title="On hand by schedule"
          icon={<IconPill size={20} stroke={1.7} aria-hidden />}
          description="Line items of jobs received and not yet destroyed."
          count={onHand.data ? onHand.data.total.lineItems + onHand.data.total.yellowBucketLineItems : undefined}
        >
          {onHand.isPending ? (
            <RowsSkeleton rows={4} />
          ) : onHand.isError ? (
            <Empty>This could not be read; it is read again with the next change.</Empty>
          ) : onHand.data.schedules.length === 0 ? (
            <Empty>Nothing on hand: no received job is waiting for destruction.</Empty>
          ) : (
            <Table.ScrollContainer minWidth={420} type="native">
              <Table fz="sm" verticalSpacing={5} horizontalSpacing="sm" aria-label="On hand by schedule" className={classes.onHand}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Schedule</Table.Th>
                    <Table.Th ta="right">Line items</Table.Th>
                    <Table.Th ta="right">Yellow Bucket</Table.Th>
                    <Table.Th ta="right">Containers</Table.Th>
                    <Table.Th ta="right">Jobs</Table.Th>
                    <Table.Th ta="right">
                      <abbr title="Grams of base drug">Base (g)</abbr>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {onHand.data.schedules.map((row) => {
                    const name = row.schedule === '' ? 'No schedule' : `Schedule ${row.schedule}`;
                    return (
                      <Table.Tr key={row.schedule}>
                        <Table.Td fw={600} title={name} style={{ whiteSpace: 'nowrap' }}>
                          {row.schedule === '' ? 'None' : row.schedule}
                        </Table.Td>
                        <Table.Td ta="right">
                          <CountLink count={row.lineItems} to={onHandLink(row.schedule, 'line-items')} label={`${row.lineItems} line items on hand, ${name}`} />
                        </Table.Td>
                        <Table.Td ta="right">
                          <CountLink
                            count={row.yellowBucketLineItems}
                            to={onHandLink(row.schedule, 'yb-line-items')}
                            label={`${row.yellowBucketLineItems} Yellow Bucket line items on hand, ${name}`}
                          />
                        </Table.Td>
                        <Table.Td ta="right">{row.containers}</Table.Td>
                        <Table.Td ta="right">{row.jobs}</Table.Td>
                        <Table.Td ta="right">{grams(row.gramsOfBase)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    <Table.Th ta="right">{onHand.data.total.lineItems}</Table.Th>
                    <Table.Th ta="right">{onHand.data.total.yellowBucketLineItems}</Table.Th>
                    <Table.Th ta="right">{onHand.data.total.containers}</Table.Th>
                    <Table.Th ta="right">{onHand.data.total.jobs}</Table.Th>
                    <Table.Th ta="right">{grams(onHand.data.total.gramsOfBase)}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
        </HomeCard>

        <HomeCard
          title="Your open jobs"
          icon={<IconBriefcase size={20} stroke={1.7} aria-hidden />}
          description="Jobs you made or changed last that are not locked, latest first."
          count={myJobs.data?.dataInfo.foundCount}
          link={{ to: listLink(jobsFind), label: more(myJobs.data?.dataInfo.foundCount, 'your open jobs') }}
        >
          {listCard(myJobs, 'No open job of yours.', jobLink)}
        </HomeCard>

        <HomeCard
          title="Your open containers"
          icon={<IconPackage size={20} stroke={1.7} aria-hidden />}
          description="Containers you made or changed last, neither they nor their job locked, latest first."
          count={myContainers.data?.dataInfo.foundCount}
          link={{ to: listLink(containersFind), label: more(myContainers.data?.dataInfo.foundCount, 'your open containers') }}
        >
          {listCard(myContainers, 'No open container of yours.', (record) => {
            const id = recordText(record, 'Container_PK_ID') || record.recordId;
            const count = recordText(record, 'Line Item Count');
            return {
              to: routePath('container-view', { id }),
              title: `Container ${id} · ${recordText(record, 'Container Name') || 'No name'}`,
              detail: [`Job ${recordText(record, 'Job ID')}`, recordText(record, 'Job::Job Name'), recordText(record, 'Company Name')].filter(Boolean).join(' · '),
              aside: count ? (
                <Badge size="sm" variant="light" color="gray" radius="sm" title="Line items in the container" className={classes.aside}>
                  {count} {count === '1' ? 'line item' : 'line items'}
                </Badge>
              ) : undefined,
            };
          })}
        </HomeCard>
      </SimpleGrid>

      <HomeCard title="Changed last" icon={<IconHistory size={20} stroke={1.7} aria-hidden />} description="Jobs, containers and line items, by whoever changed them, latest first.">
        {recentLoading ? (
          <RowsSkeleton rows={5} />
        ) : changes.length === 0 ? (
          <Empty>Nothing has been changed yet.</Empty>
        ) : (
          <ul className={classes.rows}>
            {changes.map((change) => (
              <li key={`${change.entity}-${change.id}`} className={classes.row}>
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={routePath(change.route, { id: change.id })} size="sm" fw={600}>
                    {change.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" className={classes.ellipsis} title={change.description}>
                    {change.description}
                  </Text>
                </Stack>
                <Text size="xs" c="dimmed" ta="right" className={classes.when}>
                  {change.modifiedBy ? `${change.modifiedBy} · ` : ''}
                  {change.modifiedAt}
                </Text>
              </li>
            ))}
          </ul>
        )}
        <Group justify="flex-end" gap="md" px="md" py={8} className={classes.cardFooter}>
          {(['jobs', 'containers', 'line-items'] as const satisfies EntityName[]).map((entity) => (
            <Anchor key={entity} component={Link} to={listLink(recentlyChanged(entity))} size="sm" fw={600}>
              {entity === 'jobs' ? 'Jobs' : entity === 'containers' ? 'Containers' : 'Line items'} changed last
            </Anchor>
          ))}
        </Group>
      </HomeCard>
    </PageFrame>
  );
}

function CountLink({ count, to, label }: { count: number; to: string; label: string }) {
  if (count === 0) return <Text span c="dimmed" size="sm">0</Text>;
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} aria-label={label}>
      {count}
    </Anchor>
  );
}

/** Grams as read: to the milligram under 100 g, whole grams above. */
const grams = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value >= 100 ? 0 : 3 });

/** `2026-03-03` → "Tuesday, March 3, 2026" (the calendar day, whatever the browser's time zone). */
function longDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
