import { Alert, Anchor, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { entityOf, kindFor } from '@3ds/domain';
import { recordRoute, routePath } from '../../../config/paths.ts';

/** A line item's record id as a link to its screen: a Yellow Bucket line item opens on its own. */
export function LineItemLink({ id, yellowBucket }: { id: string | number; yellowBucket: boolean }) {
  return (
    <Anchor component={Link} to={routePath(recordRoute(entityOf('line-item', kindFor(yellowBucket)), 'view'), { id: String(id) })}>
      {id}
    </Anchor>
  );
}

/** A job's id as a link to its screen. */
export function JobLink({ id }: { id: string | number }) {
  return (
    <Anchor component={Link} to={routePath('job-view', { id: String(id) })}>
      {id}
    </Anchor>
  );
}

interface ProblemRow {
  recordId: string | number;
  yellowBucket: boolean;
  ndc: string;
  reason: string;
}

/**
 * A warning listing line items a report could not use, each linked, with its NDC, one column of the
 * report's own (`column`: the job, the transaction) and why.
 */
export function LineItemProblems<Row extends ProblemRow>({
  title,
  tableLabel,
  intro,
  icon,
  column,
  reasonHeader,
  rows,
  rowKey,
}: {
  title: string;
  tableLabel: string;
  intro?: ReactNode;
  icon?: ReactNode;
  column: { header: string; cell: (row: Row) => ReactNode };
  reasonHeader: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <Alert variant="light" color="yellow" icon={icon} title={title} aria-label={title}>
      {intro && (
        <Text size="sm" mb="xs">
          {intro}
        </Text>
      )}
      <ScrollArea.Autosize mah={340} type="auto">
        <Table bg="white" withTableBorder stickyHeader fz="sm" aria-label={tableLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line item</Table.Th>
              <Table.Th>NDC</Table.Th>
              <Table.Th>{column.header}</Table.Th>
              <Table.Th>{reasonHeader}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                <Table.Td>
                  <LineItemLink id={row.recordId} yellowBucket={row.yellowBucket} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.ndc}</Table.Td>
                <Table.Td>{column.cell(row)}</Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Alert>
  );
}
