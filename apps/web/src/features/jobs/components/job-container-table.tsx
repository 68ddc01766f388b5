import 'mantine-datatable/styles.css';

import { ActionIcon, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { JOB_PORTAL_PAGE_SIZE } from '@3ds/domain';
import { IconBucket, IconEye, IconPackageOff } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/list-screen/list-footer.tsx';
import type { PageSize } from '../../../lib/records/list-state.ts';
import { LockIcon } from '../../../components/lock/lock-icon.tsx';
import { JOB_CONTAINER_PORTALS, type ContainerKind, type ContainerRow } from '../job-record.ts';
import classes from './job-view.module.css';

interface JobContainerTableProps {
  kind: ContainerKind;
  rows: ContainerRow[];
  fetching: boolean;
  /** Shows the "Move To Yellow Bucket" icon on the rows that may move (standard containers only). */
  onMove?: ((row: ContainerRow) => void) | undefined;
}

/**
 * One of the job's container portals as a paged table (spec 1 §2): a view link and a lock mark per
 * row, a page size of 10/25/50/100 (25 by default) and, for standard containers, the move icon.
 */
export function JobContainerTable({ kind, rows, fetching, onMove }: JobContainerTableProps) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(JOB_PORTAL_PAGE_SIZE as PageSize);
  const { detailPath, noun, many, title } = JOB_CONTAINER_PORTALS[kind];

  // Fewer rows now (a container moved away): stay on a page that exists.
  const last = Math.max(1, Math.ceil(rows.length / size));
  useEffect(() => {
    if (page > last) setPage(last);
  }, [page, last]);

  const shown = useMemo(() => rows.slice((page - 1) * size, page * size), [rows, page, size]);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const viewLink = (row: ContainerRow) => (
    <ActionIcon component={Link} to={detailPath.replace(':id', encodeURIComponent(row.id))} variant="subtle" size="sm" aria-label={`View ${noun} ${row.id}`}>
      <IconEye size={17} stroke={1.7} aria-hidden />
    </ActionIcon>
  );
  const moveButton = (row: ContainerRow) =>
    onMove && !row.locked ? (
      <Tooltip label="Move To Yellow Bucket" withinPortal>
        <ActionIcon variant="subtle" color="yellow.8" size="sm" aria-label={`Move container ${row.id} to Yellow Bucket`} onClick={() => onMove(row)}>
          <IconBucket size={17} stroke={1.8} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ) : null;
  const emptyText = `No ${many} in this job yet`;

  const columns = useMemo<DataTableColumn<ContainerRow>[]>(() => {
    const list: DataTableColumn<ContainerRow>[] = [
      {
        accessor: 'view',
        title: <VisuallyHidden>View</VisuallyHidden>,
        width: 48,
        render: viewLink,
      },
      {
        accessor: 'locked',
        title: <VisuallyHidden>Locked</VisuallyHidden>,
        width: 44,
        textAlign: 'center',
        render: (row) => (row.locked ? <LockIcon /> : null),
      },
      { accessor: 'id', title: 'ID', textAlign: 'right', width: 72 },
      { accessor: 'name', title: 'Container Name', ellipsis: true },
      { accessor: 'type', title: 'Type', noWrap: true },
      { accessor: 'pallet', title: 'Pallet', noWrap: true },
      {
        accessor: 'grossWeight',
        title: 'Gross Weight',
        textAlign: 'right',
        noWrap: true,
        render: (row) => [row.grossWeight, row.grossUoM].filter(Boolean).join(' '),
      },
      { accessor: 'lineItemCount', title: 'Line Items', textAlign: 'right', noWrap: true, width: 100 },
    ];
    if (onMove) {
      list.push({
        accessor: 'actions',
        title: <VisuallyHidden>Actions</VisuallyHidden>,
        width: 60,
        textAlign: 'center',
        render: moveButton,
      });
    }
    return list;
  }, [detailPath, noun, onMove]);

  return (
    <Paper withBorder className={classes.tableCard}>
      {phone ? (
        // A phone: each container a card, its name and what it holds first.
        shown.length === 0 ? (
          <Stack align="center" gap={6} c="dimmed" py="xl">
            <IconPackageOff size={30} stroke={1.4} aria-hidden />
            <Text size="sm">{emptyText}</Text>
          </Stack>
        ) : (
          <ul className={classes.containerCards} aria-label={title}>
            {shown.map((row) => (
              <li key={row.id} className={classes.containerCard}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap={6} wrap="nowrap" miw={0}>
                    <Text fw={650} size="sm" c="dark.8">
                      ID {row.id}
                      {row.name ? ` · ${row.name}` : ''}
                    </Text>
                    {row.locked && <LockIcon size={15} />}
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    {moveButton(row)}
                    {viewLink(row)}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  {[`${row.lineItemCount} line ${row.lineItemCount === 1 ? 'item' : 'items'}`, row.type, row.pallet, [row.grossWeight, row.grossUoM].filter(Boolean).join(' ')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </li>
            ))}
          </ul>
        )
      ) : (
        <DataTable<ContainerRow>
          records={shown}
          columns={columns}
          idAccessor="id"
          fetching={fetching && rows.length === 0}
          loaderType="dots"
          minHeight={rows.length === 0 ? 180 : undefined}
          striped
          highlightOnHover
          verticalSpacing={6}
          horizontalSpacing="sm"
          fz="sm"
          aria-label={title}
          emptyState={
            <Stack align="center" gap={6} c="dimmed">
              <IconPackageOff size={30} stroke={1.4} aria-hidden />
              <Text size="sm">{emptyText}</Text>
            </Stack>
          }
        />
      )}
      {rows.length > 0 && (
        <div className={classes.tableFooter}>
          <ListFooter
            page={Math.min(page, last)}
            size={size}
            foundCount={rows.length}
            returnedCount={undefined}
            onPageChange={setPage}
            onSizeChange={(next) => {
              setSize(next);
              setPage(1);
            }}
          />
        </div>
      )}
    </Paper>
  );
}
