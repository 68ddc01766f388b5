import { ActionIcon, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FieldValue } from '../list-screen/cell-format.ts';
import { portalColumns, portalTitle } from './record-fields.ts';

interface PortalTableProps {
  name: string;
  rows: readonly Record<string, FieldValue>[];
  foundCount?: number | undefined;
  /** The detail path pattern of the portal's records (`/container/:id`), for a view link per row. */
  detailPath?: string | undefined;
}

/** One portal (related records) as a small read-only table. */
export function PortalTable({ name, rows, foundCount, detailPath }: PortalTableProps) {
  const columns = portalColumns(rows);
  const title = portalTitle(name);
  const headingId = `portal-${name}`;
  return (
    <Paper withBorder shadow="xs" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md" fw={650} id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {foundCount !== undefined && foundCount > rows.length ? `${rows.length} of ${foundCount}` : `${rows.length}`}{' '}
          {rows.length === 1 && (foundCount ?? 1) === 1 ? 'record' : 'records'}
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          None
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480} maxHeight={420} type="native">
          <Table striped highlightOnHover stickyHeader fz="sm" verticalSpacing={6} aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                {detailPath && (
                  <Table.Th w={44}>
                    <VisuallyHidden>View</VisuallyHidden>
                  </Table.Th>
                )}
                {columns.map((column) => (
                  <Table.Th key={column.key} style={{ whiteSpace: 'nowrap' }}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const id = row.recordId;
                return (
                  <Table.Tr key={String(id ?? index)}>
                    {detailPath && (
                      <Table.Td>
                        {id !== undefined && id !== '' && (
                          <ActionIcon
                            component={Link}
                            to={detailPath.replace(':id', encodeURIComponent(String(id)))}
                            variant="subtle"
                            size="sm"
                            aria-label={`View record ${id}`}
                          >
                            <IconEye size={17} stroke={1.7} aria-hidden />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    )}
                    {columns.map((column) => (
                      <Table.Td key={column.key} style={{ whiteSpace: 'nowrap' }}>
                        {row[column.key] ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
