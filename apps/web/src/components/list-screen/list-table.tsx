import { LoadingOverlay, TableTr, type MantineColor, type TableTrProps } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { memo, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
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
  const partial = useRowsInViewFirst(table.records.length);
  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <RowsTable rowsDrawn={partial?.drawn} onScroll={partial?.drawRest} {...table} />
      <LoadingOverlay visible={fetching} zIndex={3} overlayProps={{ backgroundOpacity: 0.45, blur: 0 }} loaderProps={{ type: 'dots' }} transitionProps={{ duration: 0 }} />
    </div>
  );
}

type RowsTableProps = Omit<ListTableProps, 'fetching'> & {
  /** How many rows are drawn; the others hold their place, empty, until they are (all when absent). */
  rowsDrawn: number | undefined;
  /** The table is scrolled (while some rows are not drawn yet). */
  onScroll: (() => void) | undefined;
};

const RowsTable = memo(function RowsTable({ records, columns, sortStatus, onSortStatusChange, emptyState, rowBackgroundColor, selection, rowsDrawn, onScroll }: RowsTableProps) {
  // Every record stays in the table (its selection, "select all on this page"); a row not drawn yet
  // is an empty row of a row's height, so that the page keeps its length and the scroll bar its size.
  const rowFactory = useMemo(
    () =>
      rowsDrawn === undefined
        ? undefined
        : ({ index, rowProps, children }: { index: number; rowProps: TableTrProps; children: ReactNode }) =>
            index < rowsDrawn ? <TableTr {...rowProps}>{children}</TableTr> : <tr style={{ height: ROW_PX }} />,
    [rowsDrawn],
  );
  return (
    <DataTable<ListRecord>
      rowFactory={rowFactory}
      onScroll={onScroll}
      {...(selection ?? {})}
      records={records}
      columns={columns}
      idAccessor="recordId"
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      emptyState={emptyState}
      height={TABLE_HEIGHT}
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

/** The table's height: the window's less what is above and below it (the header, the find bar, the footer). */
const TABLE_HEIGHT = 'calc(100dvh - 296px)';
const TABLE_CHROME_PX = 296;
// A row as drawn (verticalSpacing 6, font size sm, the eye and lock icons), measured in Chromium.
const ROW_PX = 41;

/** How many rows the table shows without scrolling, and a couple more. */
export function rowsInView(windowHeight: number): number {
  return Math.max(10, Math.ceil((windowHeight - TABLE_CHROME_PX) / ROW_PX) + 2);
}

/** How long the rows below the view wait for a pause (a click on a row in view comes first). */
const REST_OF_ROWS_AFTER_MS = 250;

/**
 * The first page a list screen shows is drawn in two steps: the rows in view first, at once, then the
 * rest below them once the person pauses or scrolls (a transition, which anything more urgent
 * interrupts). A 50-row page of a wide list costs about three times what the rows in view cost;
 * those rows no longer wait for the others, and a click on one of them (the eye link of the record
 * wanted) is not held up by drawing rows nobody has seen. Later pages and live refreshes are drawn
 * whole: rows must not empty under someone scrolled down to them. Answers how many rows to draw and
 * what draws the rest at once, or undefined when every row is drawn.
 */
function useRowsInViewFirst(rows: number): { drawn: number; drawRest: () => void } | undefined {
  const [allDrawn, setAllDrawn] = useState(false);
  const inView = rowsInView(typeof window === 'undefined' ? 1000 : window.innerHeight);
  const partial = !allDrawn && rows > inView;
  const drawRest = useCallback(() => startTransition(() => setAllDrawn(true)), []);
  useEffect(() => {
    if (!partial) return;
    const timer = setTimeout(drawRest, REST_OF_ROWS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [partial, drawRest]);
  return useMemo(() => (partial ? { drawn: inView, drawRest } : undefined), [partial, inView, drawRest]);
}
