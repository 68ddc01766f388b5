import 'mantine-datatable/styles.css';

import { Button, Group, Paper, Stack, Text, type MantineColor } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CATALOGUE, ERROR_CODES, MESSAGES, type EntityName } from '@3ds/domain';
import { IconAdjustmentsHorizontal, IconDatabaseOff } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { showAlert } from '../../lib/alert-store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { BulkActionsBar } from '../bulk/bulk-actions-bar.tsx';
import { bulkNoun, isBulkEntity, isSelected, moveScopeOf, NO_SELECTION, selectOnPage, type Selection } from '../bulk/bulk-model.ts';
import { PageFrame } from '../page/page-frame.tsx';
import { AdvancedSearchModal } from './advanced-search-modal.tsx';
import { useHiddenColumns } from './api/list-columns.ts';
import { useListRecords, type ListRecord } from '../../lib/records/list-records.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { ExportLinks } from './export-links.tsx';
import { describeRequests } from './find-tags.ts';
import { listColumns, type CellRenderer } from './list-columns.tsx';
import { ListCards } from './list-cards.tsx';
import { ListFooter } from './list-footer.tsx';
import { ListTable, type TableSelection } from './list-table.tsx';
import { pageCount } from './list-pager-model.ts';
import { changeListState, hasActiveFind, listStateToParams, parseListState, type ListState } from '../../lib/records/list-state.ts';
import { QuickSearch } from './quick-search.tsx';
import { SavedFinds } from './saved-finds-menu.tsx';
import classes from './list-screen.module.css';

export interface ListScreenProps {
  entity: EntityName;
  /** Per-field cell renderers (by API field name), e.g. the registrations' expiry highlight. */
  renderers?: Partial<Record<string, CellRenderer>>;
  /** A row's background, e.g. red for an expired registration. */
  rowBackgroundColor?: (record: ListRecord) => MantineColor | undefined;
  /** A line under the title (a colour legend). */
  legend?: ReactNode;
  /** Keep the first column in view while scrolling sideways (Yellow Bucket containers). */
  pinFirstColumn?: boolean;
  /** The screen's own actions beside the export links (the Jobs list's New Job). */
  actions?: ReactNode;
}

const NO_COLUMNS_HIDDEN: readonly string[] = [];
const NO_RECORDS: ListRecord[] = [];

/**
 * The shared list screen (spec 1 §2 "Shared list screen behaviour"): title, quick search, Advanced
 * Search, saved finds, the column chooser, export, a server-sorted table with lock and view columns
 * (the identifying ones kept in view) and the paged footer; at phone width the rows are cards. Its
 * state is the URL's query string (see list-state.ts).
 */
export function ListScreen({ entity, renderers, rowBackgroundColor, legend, pinFirstColumn, actions }: ListScreenProps) {
  const catalogue = CATALOGUE[entity];
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const [searchOpened, setSearchOpened] = useState(false);

  const change = useCallback(
    (update: Partial<ListState>, options?: { replace?: boolean }) => {
      const next = changeListState(state, update);
      setSearchParams(listStateToParams(next, searchParams), options);
    },
    [state, searchParams, setSearchParams],
  );

  const query = useListRecords(entity, state);
  const found = query.data?.dataInfo.foundCount ?? 0;
  const activeFind = hasActiveFind(state);

  // "No records match the request" once per answer to a find (quick or advanced), never for a plain empty list.
  const warnedFor = useRef(0);
  useEffect(() => {
    if (!query.isSuccess || query.isPlaceholderData || !activeFind) return;
    if (query.data.dataInfo.foundCount > 0 || warnedFor.current === query.dataUpdatedAt) return;
    warnedFor.current = query.dataUpdatedAt;
    showAlert({ type: 'WARNING', message: MESSAGES.noRecords });
  }, [query.isSuccess, query.isPlaceholderData, query.data, query.dataUpdatedAt, activeFind]);

  // A page past the end (an old link, or fewer records now): show the last page instead.
  useEffect(() => {
    if (!query.isSuccess || query.isPlaceholderData) return;
    const last = pageCount(query.data.dataInfo.foundCount, state.size);
    if (last > 0 && state.page > last) change({ page: last }, { replace: true });
  }, [query.isSuccess, query.isPlaceholderData, query.data, state.page, state.size, change]);

  const here = `${location.pathname}${location.search}`;
  const linkState = useMemo(() => ({ from: here }), [here]);
  // The user's hidden columns: rows wait for them (no flash of every column); unreadable, every column shows.
  const hiddenColumns = useHiddenColumns(entity);
  const hidden = hiddenColumns.data ?? NO_COLUMNS_HIDDEN;
  const columnsKnown = !hiddenColumns.isPending;
  const columns = useMemo(() => listColumns({ catalogue, renderers, pinFirstColumn, hidden }), [catalogue, renderers, pinFirstColumn, hidden]);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  // The table is drawn again only when one of its props changes (list-table.tsx): each keeps its
  // identity until what it says changes.
  const sortedField = state.sort[0]?.fieldName ?? '';
  const sortedDescending = state.sort[0]?.sortOrder === 'descend';
  const sortStatus = useMemo<DataTableSortStatus<ListRecord>>(
    () => ({ columnAccessor: sortedField, direction: sortedDescending ? 'desc' : 'asc' }),
    [sortedField, sortedDescending],
  );
  const changeRef = useRef(change);
  useEffect(() => {
    changeRef.current = change;
  }, [change]);
  const onSortStatusChange = useCallback((status: DataTableSortStatus<ListRecord>) => {
    const sortOrder = status.direction === 'desc' ? 'descend' : 'ascend';
    changeRef.current({ sort: [{ fieldName: String(status.columnAccessor), sortOrder }] });
  }, []);

  const records = columnsKnown ? (query.data?.data ?? NO_RECORDS) : NO_RECORDS;

  // Bulk actions (line items, containers and their Yellow Bucket lists): a selection of this find.
  const bulkEntity = isBulkEntity(entity) ? entity : null;
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const findKey = JSON.stringify([state.quick.trim(), state.find]);
  useEffect(() => setSelection(NO_SELECTION), [findKey]);
  const pageIds = useMemo(() => records.map((record) => record.recordId), [records]);
  const selectedOnPage = useMemo(() => records.filter((record) => isSelected(selection, record.recordId)), [records, selection]);
  const pageIdsRef = useRef(pageIds);
  useEffect(() => {
    pageIdsRef.current = pageIds;
  }, [pageIds]);
  const tableSelection = useMemo<TableSelection | undefined>(
    () =>
      bulkEntity
        ? {
            selectedRecords: selectedOnPage,
            onSelectedRecordsChange: (checked: ListRecord[]) =>
              setSelection((current) =>
                selectOnPage(
                  current,
                  pageIdsRef.current,
                  checked.map((record) => record.recordId),
                ),
              ),
            allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all on this page' },
            getRecordSelectionCheckboxProps: (record: ListRecord) => ({ 'aria-label': `Select ${bulkNoun(bulkEntity)} ${record.recordId}` }),
          }
        : undefined,
    [bulkEntity, selectedOnPage],
  );

  const loadingFirst = query.isPending || !columnsKnown;
  // A find stopped for taking too long says so where its rows would be (the alert says how to narrow it).
  const emptyMessage = !query.isError
    ? 'No records found'
    : query.error instanceof ApiError && query.error.code === ERROR_CODES.findTooSlow
      ? 'This find took too long and was stopped. Narrow it and try again.'
      : 'The list could not be loaded';
  const emptyText = loadingFirst ? null : <Text size="sm">{emptyMessage}</Text>;
  const emptyState = useMemo(
    () =>
      loadingFirst ? (
        <span />
      ) : (
        <Stack align="center" gap={6} c="dimmed">
          <IconDatabaseOff size={30} stroke={1.4} aria-hidden />
          <Text size="sm">{emptyMessage}</Text>
        </Stack>
      ),
    [loadingFirst, emptyMessage],
  );

  return (
    <PageFrame
      title={catalogue.title}
      subtitle={legend}
      actions={
        <>
          {actions}
          <ColumnChooser catalogue={catalogue} hidden={hidden} />
          <ExportLinks entity={entity} quick={state.quick} find={state.find} sort={state.sort} />
        </>
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <QuickSearch value={state.quick} onSearch={(quick) => change({ quick })} />
            <Button
              variant={state.find.length > 0 ? 'filled' : 'default'}
              // Green when criteria are set (spec 1 §2), dark enough for white text (WCAG AA 4.5:1; Mantine's green.6 is 2.7:1).
              color={state.find.length > 0 ? '#237336' : undefined}
              leftSection={<IconAdjustmentsHorizontal size={17} stroke={1.7} aria-hidden />}
              onClick={() => setSearchOpened(true)}
            >
              Advanced Search
            </Button>
            <SavedFinds catalogue={catalogue} state={state} />
          </Group>
          {state.find.length > 0 && (
            <Text size="sm" c="dimmed" className={classes.findSummary} maw={640} title={describeRequests(state.find)}>
              Find: {describeRequests(state.find)}
            </Text>
          )}
        </Group>

        {bulkEntity && (
          <BulkActionsBar
            entity={bulkEntity}
            selection={selection}
            onSelectionChange={setSelection}
            pageIds={pageIds}
            foundCount={found}
            listFind={{ quick: state.quick, find: state.find }}
            moveScope={moveScopeOf(bulkEntity, selectedOnPage.map((record) => record.fieldData))}
          />
        )}

        <Paper withBorder shadow="xs" className={classes.card}>
          {phone ? (
            <ListCards
              catalogue={catalogue}
              records={records}
              hidden={hidden}
              renderers={renderers}
              rowBackgroundColor={rowBackgroundColor}
              linkState={linkState}
              fetching={query.isFetching || !columnsKnown}
              empty={emptyText}
              sort={state.sort}
              onSort={(sort) => change({ sort: [sort] })}
              selection={
                bulkEntity
                  ? {
                      noun: bulkNoun(bulkEntity),
                      isSelected: (record) => isSelected(selection, record.recordId),
                      onToggle: (record, checked) =>
                        setSelection(
                          selectOnPage(
                            selection,
                            pageIds,
                            checked ? [...selectedOnPage.map((r) => r.recordId), record.recordId] : selectedOnPage.map((r) => r.recordId).filter((id) => id !== record.recordId),
                          ),
                        ),
                      allOnPage: pageIds.length > 0 && selectedOnPage.length === pageIds.length,
                      someOnPage: selectedOnPage.length > 0,
                      onSelectPage: (checked) => setSelection(selectOnPage(selection, pageIds, checked ? pageIds : [])),
                    }
                  : undefined
              }
            />
          ) : (
            <ListTable
              records={records}
              columns={columns}
              sortStatus={sortStatus}
              onSortStatusChange={onSortStatusChange}
              fetching={query.isFetching || !columnsKnown}
              emptyState={emptyState}
              rowBackgroundColor={rowBackgroundColor}
              selection={tableSelection}
            />
          )}
          <ListFooter
            page={state.page}
            size={state.size}
            foundCount={found}
            returnedCount={query.data?.dataInfo.returnedCount}
            loading={query.isPending}
            onPageChange={(page) => change({ page })}
            onSizeChange={(size) => change({ size })}
          />
        </Paper>
      </Stack>

      <AdvancedSearchModal
        opened={searchOpened}
        onClose={() => setSearchOpened(false)}
        fields={catalogue.fields}
        requests={state.find}
        onSearch={(find) => {
          setSearchOpened(false);
          change({ find });
        }}
        onClear={() => (state.find.length > 0 ? change({ find: [] }) : void query.refetch())}
      />
    </PageFrame>
  );
}
