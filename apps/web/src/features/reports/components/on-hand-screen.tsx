import { Badge, Button, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CONTROLLED_SCHEDULES, destructionClockState, destructionDaysLeftText, type DestructionClockState } from '@3ds/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { RecordLoadError } from '../../../components/record-view/detail-parts.tsx';
import { LineItemLink, JobLink } from './record-links.tsx';
import { ON_HAND_PAGE_SIZE, useOnHand, type OnHandAnswer, type OnHandFind } from '../api/on-hand.ts';

const TONE: Record<DestructionClockState, string> = { 'on-time': 'teal', warning: 'orange', overdue: 'red' };
const SCHEDULES = [...CONTROLLED_SCHEDULES, 'LC', 'NC'];
const grams = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** The found set's sums grouped by schedule, in the order the server sends them. */
function bySchedule(summary: OnHandAnswer['summary']): [string, OnHandAnswer['summary']][] {
  const groups = new Map<string, OnHandAnswer['summary']>();
  for (const entry of summary) groups.set(entry.schedule, [...(groups.get(entry.schedule) ?? []), entry]);
  return [...groups.entries()];
}

/** The find in the address: `?q=…&schedule=…&drugCode=…&page=…`, so a find is a link like every list's. */
function findFrom(params: URLSearchParams): OnHandFind {
  const page = Number(params.get('page'));
  return { quickFind: params.get('q') ?? '', schedule: params.get('schedule') ?? '', drugCode: params.get('drugCode') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/**
 * `/on-hand`: every line item received (its job's Date Received) and not yet destroyed, by schedule
 * and drug code, with its quantities and the days left of the 30-day destruction clock; found by a
 * quick find, schedule and drug code, the found set summed by schedule and drug code.
 */
export function OnHandScreen() {
  const [params, setParams] = useSearchParams();
  const find = findFrom(params);
  const query = useOnHand(find);
  const [typed, setTyped] = useState({ q: find.quickFind, drugCode: find.drugCode });
  const go = (next: Partial<OnHandFind>) => {
    const merged = { ...find, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.quickFind.trim()) search.set('q', merged.quickFind.trim());
    if (merged.schedule) search.set('schedule', merged.schedule);
    if (merged.drugCode.trim()) search.set('drugCode', merged.drugCode.trim());
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ quickFind: typed.q, drugCode: typed.drugCode });
  };
  const answer = query.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.foundCount / ON_HAND_PAGE_SIZE)) : 1;

  return (
    <PageFrame title="On Hand" subtitle="Line items received and not yet destroyed, by schedule and drug code, with the days left to destroy them.">
      <Paper withBorder shadow="xs" p="md" component="section" aria-label="Find line items on hand">
        <form onSubmit={submit} role="search" aria-label="Find on hand">
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
            <TextInput
              label="Quick find"
              placeholder="NDC, description, lot, job, registration…"
              value={typed.q}
              onChange={(e) => setTyped({ ...typed, q: e.currentTarget.value })}
              leftSection={<IconSearch size={16} aria-hidden />}
            />
            <Select
              label="Schedule"
              placeholder="Any"
              data={SCHEDULES}
              value={find.schedule || null}
              onChange={(value) => go({ schedule: value ?? '', quickFind: typed.q, drugCode: typed.drugCode })}
              clearable
            />
            <TextInput label="Drug Code" placeholder="e.g. 9143" value={typed.drugCode} onChange={(e) => setTyped({ ...typed, drugCode: e.currentTarget.value })} />
            <Group align="end" gap="sm">
              <Button type="submit">Find</Button>
              <Button
                variant="default"
                onClick={() => {
                  setTyped({ q: '', drugCode: '' });
                  setParams(new URLSearchParams());
                }}
              >
                Show all
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>

      {query.isError && <RecordLoadError what="list" error={query.error} />}
      {query.isPending && <Skeleton height={240} role="status" aria-label="Loading the line items on hand" />}
      {answer && (
        <>
          <Paper withBorder shadow="xs" p="md" component="section" aria-labelledby="on-hand-summary">
            <Title order={2} fz="md" fw={650} mb="sm" id="on-hand-summary">
              By schedule and drug code
            </Title>
            {answer.summary.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing on hand matches the find.
              </Text>
            ) : (
              <Stack gap={6}>
                {bySchedule(answer.summary).map(([schedule, codes]) => (
                  <Group key={schedule} gap={6} wrap="wrap" align="center">
                    <Text size="sm" fw={650} w={110}>
                      Schedule {schedule || '—'}
                    </Text>
                    {codes.map((c) => (
                      <Button
                        key={c.drugCode}
                        size="compact-sm"
                        variant={find.drugCode === c.drugCode && find.schedule === c.schedule ? 'filled' : 'light'}
                        title={`${c.lineItems} line item${c.lineItems === 1 ? '' : 's'}, ${grams(c.gramsOfBase)} g of base`}
                        aria-label={`${c.drugCode || 'no code'} · ${c.lineItems}: Schedule ${c.schedule || 'none'}, ${c.lineItems} line item${c.lineItems === 1 ? '' : 's'}, ${grams(c.gramsOfBase)} g of base`}
                        onClick={() => {
                          setTyped({ ...typed, drugCode: c.drugCode });
                          go({ schedule: c.schedule, drugCode: c.drugCode, quickFind: typed.q });
                        }}
                      >
                        {c.drugCode || 'no code'} · {c.lineItems}
                      </Button>
                    ))}
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>

          <Paper withBorder shadow="xs" p="md" component="section" aria-labelledby="on-hand-items">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="md" fw={650} id="on-hand-items">
                Line items on hand
              </Title>
              <Text size="sm" c="dimmed" role="status">
                {answer.foundCount} found of {answer.totalRecordCount} on hand
              </Text>
            </Group>
            <Stack gap="sm">
              <Table.ScrollContainer minWidth={1000}>
                <Table striped withTableBorder fz="sm" aria-labelledby="on-hand-items">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Line item</Table.Th>
                      <Table.Th>Sch</Table.Th>
                      <Table.Th>Drug Code</Table.Th>
                      <Table.Th>NDC</Table.Th>
                      <Table.Th>Description</Table.Th>
                      <Table.Th>Lot</Table.Th>
                      <Table.Th>Quantity</Table.Th>
                      <Table.Th ta="right">Grams of base</Table.Th>
                      <Table.Th>Job</Table.Th>
                      <Table.Th>Received</Table.Th>
                      <Table.Th>Days Left</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.rows.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>
                          <LineItemLink id={row.id} yellowBucket={row.yellowBucket} />
                        </Table.Td>
                        <Table.Td>{row.schedule}</Table.Td>
                        <Table.Td>{row.drugCode}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.ndc}</Table.Td>
                        <Table.Td>{row.description}</Table.Td>
                        <Table.Td>{row.lot}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.quantity}</Table.Td>
                        <Table.Td ta="right">{row.gramsOfBase === '' ? '' : grams(row.gramsOfBase)}</Table.Td>
                        <Table.Td>
                          <JobLink id={row.jobId} />{' '}
                          {row.jobName}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.dateReceived}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {row.daysLeft !== '' && (
                            <Badge size="sm" radius="sm" style={{ minWidth: 'max-content' }} color={TONE[destructionClockState(row.daysLeft)]} variant={row.daysLeft < 0 ? 'filled' : 'light'}>
                              {destructionDaysLeftText(row.daysLeft)}
                            </Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {answer.rows.length === 0 && (
                <Text size="sm" c="dimmed">
                  No line item on hand matches the find.
                </Text>
              )}
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={Math.min(find.page, pages)}
                  onChange={(page) => go({ ...find, page })}
                  aria-label="Pages of line items on hand"
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                  getControlProps={(control) => ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] })}
                />
              )}
            </Stack>
          </Paper>
        </>
      )}
    </PageFrame>
  );
}
