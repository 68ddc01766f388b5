import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { CONTAINER_LINE_ITEMS_PAGE_SIZE } from '@3ds/domain';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconLock, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { LockIcon } from '../../../components/lock/lock-icon.tsx';
import { BulkActionsBar } from '../../../components/bulk/bulk-actions-bar.tsx';
import { bulkNoun, isSelected, NO_SELECTION, selectionCount, selectOnPage, type Selection } from '../../../components/bulk/bulk-model.ts';
import { ExportLinks } from '../../../components/list-screen/export-links.tsx';
import { ListFooter } from '../../../components/list-screen/list-footer.tsx';
import { pageCount } from '../../../components/list-screen/list-pager-model.ts';
import type { PageSize } from '../../../lib/records/list-state.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';
import { containerExportFind, pageOfRow, type LineItemRow } from '../container-record.ts';
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
  /** The line item just added here (by a scan): marked, and its page shown once it arrives. */
  justAdded?: string | null | undefined;
}

const NO_SORT: never[] = [];

/**
 * The Line Items card (spec 2 §2): the container's line items (its portal, up to 1000) paged here,
 * 10 a page by default, with "Add Line Item" and the export of exactly these line items. Beside
 * the spec's columns, what tells one package from the next — pack quantity and size, lot, expiry
 * and serial — and the line item just added is marked. On a phone each line item is a card.
 */
export function ContainerLineItems({ kind, containerId, jobId, rows, canAdd, onAdd, justAdded }: ContainerLineItemsProps) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(CONTAINER_LINE_ITEMS_PAGE_SIZE as PageSize);
  const find = useMemo(() => containerExportFind(kind.idField, containerId), [kind.idField, containerId]);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  // The line item just added: once it is among the rows, its page is shown (once; paging away stays away).
  const shownAdded = useRef<string | null>(null);
  useEffect(() => {
    if (!justAdded || shownAdded.current === justAdded) return;
    const target = pageOfRow(rows, justAdded, size);
    if (target === null) return;
    shownAdded.current = justAdded;
    setPage(target);
  }, [justAdded, rows, size]);

  // …and brought into view once there, so that the person scanning sees what went in.
  const cardRef = useRef<HTMLElement>(null);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!justAdded || scrolledTo.current === justAdded) return;
    const row = cardRef.current?.querySelector('[data-just-added]');
    if (!row) return;
    scrolledTo.current = justAdded;
    row.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  });

  // Fewer rows than before (a reload): stay on the last page there is.
  const current = Math.min(page, Math.max(1, pageCount(rows.length, size)));
  const shown = rows.slice((current - 1) * size, current * size);
  const columnCount = 12 + (kind.showForm222 ? 1 : 0);

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
  const toggle = (id: string, checked: boolean) =>
    setSelection(selectOnPage(selection, pageIds, checked ? [...checkedOnPage, id] : checkedOnPage.filter((other) => other !== id)));
  const selectPage = (checked: boolean) => setSelection(selectOnPage(selection, pageIds, checked ? pageIds : []));
  const viewLink = (row: LineItemRow) => (
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
  );

  return (
    <Paper ref={cardRef} withBorder shadow="xs" component="section" aria-labelledby="line-items-heading" className={classes.card}>
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

      {phone ? (
        <LineItemCards
          rows={shown}
          kind={kind}
          noun={noun}
          justAdded={justAdded}
          isChecked={(id) => isSelected(selection, id)}
          allOnPage={allOnPage}
          someOnPage={checkedOnPage.length > 0}
          onToggle={toggle}
          onSelectPage={selectPage}
          viewLink={viewLink}
        />
      ) : (
        <Table.ScrollContainer minWidth={980} type="native">
          <Table striped highlightOnHover fz="sm" verticalSpacing={7} horizontalSpacing="sm" aria-labelledby="line-items-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    size="xs"
                    aria-label="Select all on this page"
                    checked={allOnPage}
                    indeterminate={!allOnPage && checkedOnPage.length > 0}
                    disabled={pageIds.length === 0}
                    onChange={(event) => selectPage(event.currentTarget.checked)}
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
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Pk Qty
                </Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Pack Size</Table.Th>
                <Table.Th>Lot#</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Serial#</Table.Th>
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
                shown.map((row) => {
                  const added = row.id === justAdded;
                  return (
                    <Table.Tr
                      key={row.id}
                      className={added ? classes.justAdded : undefined}
                      bg={isSelected(selection, row.id) ? 'var(--mantine-primary-color-light)' : undefined}
                      data-just-added={added || undefined}
                    >
                      <Table.Td>
                        <Checkbox
                          size="xs"
                          aria-label={`Select ${noun} ${row.id}`}
                          checked={isSelected(selection, row.id)}
                          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        {row.locked && (
                          <span className={classes.lockCell}>
                            <LockIcon size={16} />
                          </span>
                        )}
                      </Table.Td>
                      <Table.Td>{viewLink(row)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Group gap={6} wrap="nowrap">
                          <Text span ff="monospace" size="sm">
                            {row.ndc}
                          </Text>
                          {added && <JustAddedBadge />}
                        </Group>
                      </Table.Td>
                      <Table.Td>{row.schedule}</Table.Td>
                      <Table.Td>{row.description}</Table.Td>
                      <Table.Td ta="right">{row.packQuantity}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.packSize}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.lot}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.expirationDate}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.serial}</Table.Td>
                      {kind.showForm222 && <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.form222}</Table.Td>}
                      <Table.Td ta="right">{row.id}</Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

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

function JustAddedBadge() {
  return (
    <Badge size="sm" color="teal.9" variant="filled" radius="sm">
      Just added
    </Badge>
  );
}

/** A value of a card with its caption; nothing when empty. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <Text span size="sm" className={classes.fact}>
      <Text span size="xs" c="dimmed" fw={600}>
        {label}
      </Text>{' '}
      {children}
    </Text>
  );
}

interface LineItemCardsProps {
  rows: readonly LineItemRow[];
  kind: ContainerKindConfig;
  noun: string;
  justAdded: string | null | undefined;
  isChecked: (id: string) => boolean;
  allOnPage: boolean;
  someOnPage: boolean;
  onToggle: (id: string, checked: boolean) => void;
  onSelectPage: (checked: boolean) => void;
  viewLink: (row: LineItemRow) => ReactNode;
}

/** The line items as cards, one under the other (a phone): the same facts as the table's columns. */
function LineItemCards({ rows, kind, noun, justAdded, isChecked, allOnPage, someOnPage, onToggle, onSelectPage, viewLink }: LineItemCardsProps) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        No line items in this container yet
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Group px="md" py={6} className={classes.cardsHeader}>
        <Checkbox
          size="xs"
          label="Select all on this page"
          checked={allOnPage}
          indeterminate={!allOnPage && someOnPage}
          onChange={(event) => onSelectPage(event.currentTarget.checked)}
        />
      </Group>
      <ul className={classes.itemCards} aria-label="Line items on this page">
        {rows.map((row) => {
          const added = row.id === justAdded;
          return (
            <li key={row.id} className={added ? `${classes.itemCard} ${classes.justAdded}` : classes.itemCard} data-just-added={added || undefined}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
                  <Checkbox size="xs" mt={3} aria-label={`Select ${noun} ${row.id}`} checked={isChecked(row.id)} onChange={(event) => onToggle(row.id, event.currentTarget.checked)} />
                  <Stack gap={2} miw={0}>
                    <Group gap={6} wrap="wrap">
                      <Text span ff="monospace" size="sm" fw={600}>
                        {row.ndc}
                      </Text>
                      {row.locked && <LockIcon size={15} />}
                      {added && <JustAddedBadge />}
                    </Group>
                    <Text size="sm" c="dark.7">
                      {row.description || '—'}
                    </Text>
                  </Stack>
                </Group>
                {viewLink(row)}
              </Group>
              <Group gap="md" mt={6} pl={28} wrap="wrap" className={classes.facts}>
                <Fact label={kind.scheduleHeader}>{row.schedule}</Fact>
                <Fact label="Pk Qty">{row.packQuantity}</Fact>
                <Fact label="Pack">{row.packSize}</Fact>
                <Fact label="Lot">{row.lot}</Fact>
                <Fact label="Expires">{row.expirationDate}</Fact>
                <Fact label="Serial">{row.serial}</Fact>
                {kind.showForm222 && <Fact label="Form 222#">{row.form222}</Fact>}
                <Fact label="ID">{row.id}</Fact>
              </Group>
            </li>
          );
        })}
      </ul>
    </Stack>
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
