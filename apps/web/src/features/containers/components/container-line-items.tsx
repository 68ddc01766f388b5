import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { CONTAINER_LINE_ITEMS_PAGE_SIZE } from '@3ds/domain';
import { IconEye, IconLock, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes.ts';
import { LockIcon } from '../../../components/lock/lock-icon.tsx';
import { BulkActionsBar } from '../../../components/bulk/bulk-actions-bar.tsx';
import { bulkNoun, isSelected, NO_SELECTION, selectionCount, selectOnPage, type Selection } from '../../../components/bulk/bulk-model.ts';
import { ExportLinks } from '../../../components/list-screen/export-links.tsx';
import { ListFooter } from '../../../components/list-screen/list-footer.tsx';
import { pageCount } from '../../../components/list-screen/list-pager-model.ts';
import type { PageSize } from '../../../components/list-screen/list-state.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';
import { containerExportFind, type LineItemRow } from '../container-record.ts';
import classes from './containers.module.css';

interface ContainerLineItemsProps {
  kind: ContainerKindConfig;
  containerId: string;
  /** The container's job: its line items move only to the job's other containers. */
  jobId: string;
  rows: readonly LineItemRow[];
  /** Whether "Add Line Item" shows (CREATE_LINE_ITEM, unlocked, registration not expired). */
  canAdd: boolean;
  onAdd: () => void;
}

const NO_SORT: never[] = [];

/**
 * The Line Items card (spec 2 §2): the container's line items (its portal, up to 1000) paged here,
 * 10 a page by default, with "Add Line Item" and the export of exactly these line items.
 */
export function ContainerLineItems({ kind, containerId, jobId, rows, canAdd, onAdd }: ContainerLineItemsProps) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(CONTAINER_LINE_ITEMS_PAGE_SIZE as PageSize);
  const find = useMemo(() => containerExportFind(kind.idField, containerId), [kind.idField, containerId]);

  // Fewer rows than before (a reload): stay on the last page there is.
  const current = Math.min(page, Math.max(1, pageCount(rows.length, size)));
  const shown = rows.slice((current - 1) * size, current * size);
  const columnCount = 7 + (kind.showForm222 ? 1 : 0);

  // Bulk actions on the container's line items: picked one by one, or all of them (the find of its line items).
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const lineItemsFind = useMemo(
    () => ({ quick: '', find: [{ omit: false, criteria: { [kind.lineItems.containerIdField]: `==${containerId}` } }] }),
    [kind.lineItems.containerIdField, containerId],
  );
  const pageIds = shown.map((row) => row.id);
  const checkedOnPage = pageIds.filter((id) => isSelected(selection, id));
  const allOnPage = pageIds.length > 0 && checkedOnPage.length === pageIds.length;
  const noun = bulkNoun(kind.lineItems.entity);

  return (
    <Paper withBorder shadow="xs" component="section" aria-labelledby="line-items-heading" className={classes.card}>
      <Group justify="space-between" gap="sm" px="md" py="sm" wrap="wrap" className={classes.cardHeader}>
        <Group gap="xs">
          <Title order={2} fz="md" fw={650} id="line-items-heading">
            Line Items
          </Title>
          <Badge variant="light" color="gray" radius="sm" aria-label={`${rows.length} line items`}>
            {rows.length}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          {canAdd && (
            <Button variant="light" leftSection={<IconPlus size={16} stroke={2} aria-hidden />} onClick={onAdd}>
              Add Line Item
            </Button>
          )}
          <ExportLinks entity={kind.entity} quick="" find={find} sort={NO_SORT} />
        </Group>
      </Group>

      <Stack px="md" pt={selectionCount(selection) > 0 ? 'sm' : 0} gap={0}>
        <BulkActionsBar
          entity={kind.lineItems.entity}
          selection={selection}
          onSelectionChange={setSelection}
          pageIds={pageIds}
          foundCount={rows.length}
          listFind={lineItemsFind}
          moveScope={{ jobId, containerId }}
        />
      </Stack>

      <Table.ScrollContainer minWidth={640} type="native">
        <Table striped highlightOnHover fz="sm" verticalSpacing={7} horizontalSpacing="md" aria-labelledby="line-items-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  size="xs"
                  aria-label="Select all on this page"
                  checked={allOnPage}
                  indeterminate={!allOnPage && checkedOnPage.length > 0}
                  disabled={pageIds.length === 0}
                  onChange={(event) => setSelection(selectOnPage(selection, pageIds, event.currentTarget.checked ? pageIds : []))}
                />
              </Table.Th>
              <Table.Th w={44} ta="center">
                <IconLock size={15} stroke={1.8} aria-hidden style={{ color: 'var(--mantine-color-gray-6)' }} />
                <VisuallyHidden>Locked</VisuallyHidden>
              </Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>View</VisuallyHidden>
              </Table.Th>
              <Table.Th>NDC</Table.Th>
              <Table.Th>{kind.scheduleHeader}</Table.Th>
              <Table.Th>Description</Table.Th>
              {kind.showForm222 && <Table.Th style={{ whiteSpace: 'nowrap' }}>Form 222#</Table.Th>}
              <Table.Th ta="right">ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount} className={classes.emptyRow} py="xl">
                  <Text size="sm" c="dimmed">
                    No line items in this container yet
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((row) => (
                <Table.Tr key={row.id} bg={isSelected(selection, row.id) ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={`Select ${noun} ${row.id}`}
                      checked={isSelected(selection, row.id)}
                      onChange={(event) =>
                        setSelection(selectOnPage(selection, pageIds, event.currentTarget.checked ? [...checkedOnPage, row.id] : checkedOnPage.filter((id) => id !== row.id)))
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    {row.locked && (
                      <span className={classes.lockCell}>
                        <LockIcon size={16} />
                      </span>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      component={Link}
                      to={routePath(kind.lineItems.viewRoute, { id: row.id })}
                      variant="subtle"
                      size="sm"
                      aria-label={`View line item ${row.id}`}
                      title={`View line item ${row.id}`}
                    >
                      <IconEye size={18} stroke={1.7} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} ff="monospace">
                    {row.ndc}
                  </Table.Td>
                  <Table.Td>{row.schedule}</Table.Td>
                  <Table.Td>{row.description}</Table.Td>
                  {kind.showForm222 && <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.form222}</Table.Td>}
                  <Table.Td ta="right">{row.id}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <ListFooter
        page={current}
        size={size}
        foundCount={rows.length}
        returnedCount={shown.length}
        onPageChange={setPage}
        onSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
    </Paper>
  );
}

/** The card's shape while the record loads. */
export function ContainerLineItemsSkeleton() {
  return (
    <Paper withBorder shadow="xs" className={classes.card} aria-hidden>
      <Group justify="space-between" px="md" py="sm" className={classes.cardHeader}>
        <Skeleton height={18} width={110} />
        <Skeleton height={30} width={240} />
      </Group>
      <Table verticalSpacing={9} horizontalSpacing="md">
        <Table.Tbody>
          {Array.from({ length: 5 }, (_, index) => (
            <Table.Tr key={index}>
              <Table.Td w={44}>
                <Skeleton height={14} width={14} />
              </Table.Td>
              <Table.Td>
                <Skeleton height={14} width="60%" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={14} width="40%" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={14} width="80%" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
