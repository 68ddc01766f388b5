import { LoadingOverlay, type MantineColor } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { memo, type ReactNode } from 'react';
import type { ListRecord } from '../../lib/records/list-records.ts';

/** The bulk selection's part of the table, when the list has one. */
export interface TableSelection {
  selectedRecords: ListRecord[];
  onSelectedRecordsChange: (records: ListRecord[]) => void;
  allRecordsSelectionCheckboxProps: { 'aria-label': string };
  getRecordSelectionCheckboxProps: (record: ListRecord) => { 'aria-label': string };
}

interface ListTableProps {
  records: ListRecord[];
  columns: DataTableColumn<ListRecord>[];
  sortStatus: DataTableSortStatus<ListRecord>;
  onSortStatusChange: (status: DataTableSortStatus<ListRecord>) => void;
  /** A page is on its way: the rows shown are dimmed under a loader. */
  fetching: boolean;
  emptyState: ReactNode;
  rowBackgroundColor?: ((record: ListRecord) => MantineColor | undefined) | undefined;
  selection?: TableSelection | undefined;
}

/**
 * The list's table. Drawing a page of rows costs far more than fetching it (a 50-row line-item page
 * is about 1,500 cells), so the table is drawn again only when what it shows changes — its rows,
 * columns, sort or selection — not on every render of the list screen (a find on its way, a dialog
 * opening, the address changing). Every prop must therefore keep its identity between renders
 * that do not change it; the loader is drawn over the table rather than by it, so that "a page is
 * on its way" does not redraw the rows either.
 */
export function ListTable({ fetching, ...table }: ListTableProps) {
  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <RowsTable {...table} />
      <LoadingOverlay visible={fetching} zIndex={3} overlayProps={{ backgroundOpacity: 0.45, blur: 0 }} loaderProps={{ type: 'dots' }} transitionProps={{ duration: 0 }} />
    </div>
  );
}

const RowsTable = memo(function RowsTable({ records, columns, sortStatus, onSortStatusChange, emptyState, rowBackgroundColor, selection }: Omit<ListTableProps, 'fetching'>) {
  return (
    <DataTable<ListRecord>
      {...(selection ?? {})}
      records={records}
      columns={columns}
      idAccessor="recordId"
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      emptyState={emptyState}
      height="calc(100dvh - 296px)"
      minHeight={320}
      // Stripes would hide the rows' own colours (e.g. expired registrations).
      striped={!rowBackgroundColor}
      highlightOnHover
      verticalSpacing={6}
      horizontalSpacing="sm"
      fz="sm"
      rowBackgroundColor={rowBackgroundColor}
      pinFirstColumn={false}
    />
  );
});
