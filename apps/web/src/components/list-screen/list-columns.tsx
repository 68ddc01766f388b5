import { ActionIcon, Text, VisuallyHidden } from '@mantine/core';
import { isShownLocked, shownColumns, type ColumnSpec, type EntityCatalogue, type FieldSpec } from '@3ds/domain';
import { IconEye, IconLock } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LockIcon } from '../lock/lock-icon.tsx';
import type { ListRecord } from '../../lib/records/list-records.ts';
import { formatColumnValue } from './cell-format.ts';
import classes from './list-screen.module.css';

/** A screen's own rendering of one column's cell (e.g. the registrations' expiry highlight). */
export type CellRenderer = (record: ListRecord, text: string) => ReactNode;

export interface ListColumnsOptions {
  catalogue: EntityCatalogue;
  /** Per-field cell renderers, by API field name. */
  renderers?: Partial<Record<string, CellRenderer>> | undefined;
  /** Pin the view link and the first data column while scrolling sideways. */
  pinFirstColumn?: boolean | undefined;
  /** Columns the user has hidden (the column chooser), by field name. */
  hidden?: readonly string[] | undefined;
}

/**
 * A row's eye link. It carries the list's address as router state, so that "Back to list" returns
 * to this very page; it reads the address itself, so that the columns (and every row drawn from
 * them) need not change when only the address does — a new find redraws only these links.
 */
function ViewRecordLink({ href, id }: { href: string; id: string }) {
  const location = useLocation();
  return (
    <ActionIcon
      component={Link}
      to={href}
      state={{ from: `${location.pathname}${location.search}` }}
      variant="subtle"
      size="sm"
      aria-label={`View record ${id}`}
      title={`View record ${id}`}
    >
      <IconEye size={18} stroke={1.7} aria-hidden />
    </ActionIcon>
  );
}

/**
 * Text columns that hold long prose, with their width: cut with an ellipsis (full text on hover)
 * rather than widen the table without end.
 */
const LONG_TEXT: Partial<Record<string, number>> = {
  'Company Name': 260,
  'Job Name': 300,
  'Job::Job Name': 300,
  'NDC Description': 260,
  'Trade Name Final LU': 220,
  'Package Description': 300,
  'Ingredient Name LU': 240,
  'Facility Transported To': 260,
  'Address 1': 220,
  'Address 2': 160,
};

export const VIEW_COLUMN = '__view';
export const LOCK_COLUMN = '__lock';

/** The record's detail path (`/company/12`) from the catalogue's pattern, or null (the dictionary has none). */
export function detailHref(catalogue: EntityCatalogue, record: ListRecord): string | null {
  if (!catalogue.detailPath) return null;
  const id = record.fieldData[catalogue.idField] ?? record.recordId;
  if (id === '' || id === null || id === undefined) return null;
  return catalogue.detailPath.replace(':id', encodeURIComponent(String(id)));
}

function LockCell() {
  return (
    <span className={classes.lockCell}>
      <LockIcon />
    </span>
  );
}

function dataColumn(
  column: ColumnSpec,
  catalogue: EntityCatalogue,
  fieldsByName: ReadonlyMap<string, FieldSpec>,
  renderers: ListColumnsOptions['renderers'],
): DataTableColumn<ListRecord> {
  const field = fieldsByName.get(column.field);
  const isLock = column.field === catalogue.lockField;
  const numeric = field?.type === 'number' && !column.with;
  const longWidth = LONG_TEXT[column.field];
  const long = longWidth !== undefined;
  const custom = renderers?.[column.field];
  return {
    accessor: column.field,
    // mantine-datatable makes a sortable header a keyboard button itself (role=button, tabindex 0),
    // named by the label and its sort icon: "Name Not sorted", "Name Sorted ascending".
    title: column.label,
    sortable: true,
    textAlign: isLock ? 'center' : numeric || column.format === 'percent' ? 'right' : 'left',
    ...(long ? { ellipsis: true, width: longWidth } : { noWrap: true }),
    render: (record) => {
      if (isLock) return isShownLocked(catalogue, record.fieldData) ? <LockCell /> : null;
      const text = formatColumnValue(column, record.fieldData);
      if (custom) return custom(record, text);
      return long && text ? <span title={text}>{text}</span> : text;
    },
  };
}

/**
 * The table's columns: the eye link (not for the dictionary), a lock column when the entity has a
 * lock flag that its list columns do not already show, then the list's identifying columns (kept
 * in view while the table scrolls sideways, with the eye and lock columns), then the catalogue's
 * other columns the user has not hidden.
 */
export function listColumns(options: ListColumnsOptions): DataTableColumn<ListRecord>[] {
  const { catalogue, renderers, pinFirstColumn, hidden } = options;
  const fieldsByName = new Map(catalogue.fields.map((f) => [f.name, f]));
  const columns: DataTableColumn<ListRecord>[] = [];
  if (catalogue.detailPath) {
    columns.push({
      accessor: VIEW_COLUMN,
      title: <VisuallyHidden>View</VisuallyHidden>,
      width: 48,
      textAlign: 'center',
      render: (record) => {
        const href = detailHref(catalogue, record);
        if (!href) return null;
        return <ViewRecordLink href={href} id={String(record.fieldData[catalogue.idField] ?? record.recordId)} />;
      },
    });
  }
  const lockShownAsColumn = catalogue.columns.some((c) => c.field === catalogue.lockField);
  if (catalogue.lockField && !lockShownAsColumn) {
    columns.push({
      accessor: LOCK_COLUMN,
      title: (
        <Text component="span" size="xs" c="dimmed">
          <IconLock size={15} stroke={1.8} aria-hidden />
          <VisuallyHidden>Lock</VisuallyHidden>
        </Text>
      ),
      width: 44,
      textAlign: 'center',
      render: (record) => (isShownLocked(catalogue, record.fieldData) ? <LockCell /> : null),
    });
  }
  const { identifying, others } = shownColumns(catalogue.entity, hidden);
  for (const column of identifying) columns.push({ ...dataColumn(column, catalogue, fieldsByName, renderers), pinned: 'left' });
  others.forEach((column, index) => {
    const built = dataColumn(column, catalogue, fieldsByName, renderers);
    // (Every list keeps its identifying columns in view; `pinFirstColumn` pins the first other one too.)
    columns.push(index === 0 && pinFirstColumn && identifying.length === 0 ? { ...built, pinned: 'left' } : built);
  });
  // The leading view and lock columns stay with the pinned ones.
  for (const column of columns) {
    if (column.accessor === VIEW_COLUMN || column.accessor === LOCK_COLUMN) column.pinned = 'left';
  }
  return columns;
}
