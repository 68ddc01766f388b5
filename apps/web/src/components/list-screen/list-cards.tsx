import { ActionIcon, Checkbox, Group, Loader, NativeSelect, Stack, Text, type MantineColor } from '@mantine/core';
import { shownColumns, type ColumnSpec, type EntityCatalogue } from '@3ds/domain';
import { IconDatabaseOff, IconEye, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LockIcon } from '../lock/lock-icon.tsx';
import type { ListRecord } from '../../lib/records/list-records.ts';
import { formatColumnValue, isYes } from './cell-format.ts';
import { detailHref, type CellRenderer } from './list-columns.tsx';
import type { SortSpec } from '../../lib/records/list-state.ts';
import classes from './list-screen.module.css';

/** How many of the list's other columns a card shows under its identifying ones (the chooser decides which). */
export const CARD_FACTS = 8;

interface ListCardsProps {
  catalogue: EntityCatalogue;
  records: readonly ListRecord[];
  hidden: readonly string[];
  renderers?: Partial<Record<string, CellRenderer>> | undefined;
  rowBackgroundColor?: ((record: ListRecord) => MantineColor | undefined) | undefined;
  linkState?: unknown;
  fetching: boolean;
  empty: ReactNode;
  sort: SortSpec[];
  onSort: (sort: SortSpec) => void;
  /** Bulk selection (lists with bulk actions). */
  selection?: {
    noun: string;
    isSelected: (record: ListRecord) => boolean;
    onToggle: (record: ListRecord, checked: boolean) => void;
    allOnPage: boolean;
    someOnPage: boolean;
    onSelectPage: (checked: boolean) => void;
  } | undefined;
}

/** A card's title: its identifying values, an id captioned as such ("ID 12 · 00406-0552-01"). */
export function cardTitle(identifying: readonly ColumnSpec[], record: Pick<ListRecord, 'fieldData'>): string {
  return identifying
    .map((column) => {
      const value = formatColumnValue(column, record.fieldData);
      return value && /\bID$/.test(column.label) ? `${column.label} ${value}` : value;
    })
    .filter(Boolean)
    .join(' · ');
}

/**
 * A list at phone width: each record a card — its identifying columns as the title, its lock, its
 * eye link, and the first columns the user keeps (column chooser) as captioned values. A sort
 * select stands in for the column headers.
 */
export function ListCards({ catalogue, records, hidden, renderers, rowBackgroundColor, linkState, fetching, empty, sort, onSort, selection }: ListCardsProps) {
  const { identifying, others } = shownColumns(catalogue.entity, hidden);
  const facts = others.filter((column) => column.field !== catalogue.lockField).slice(0, CARD_FACTS);
  const sortable = [...identifying, ...others];
  const current = sort[0];
  const cell = (column: (typeof others)[number], record: ListRecord) => {
    const text = formatColumnValue(column, record.fieldData);
    const custom = renderers?.[column.field];
    return custom ? custom(record, text) : text;
  };

  return (
    <Stack gap={0} aria-busy={fetching || undefined}>
      <Group gap="xs" px="md" py={8} wrap="nowrap" className={classes.cardsToolbar}>
        {selection && (
          <Checkbox
            size="sm"
            aria-label="Select all on this page"
            checked={selection.allOnPage}
            indeterminate={!selection.allOnPage && selection.someOnPage}
            disabled={records.length === 0}
            onChange={(event) => selection.onSelectPage(event.currentTarget.checked)}
          />
        )}
        <NativeSelect
          aria-label="Sort by"
          size="xs"
          style={{ flex: 1 }}
          value={current?.fieldName ?? ''}
          data={[{ value: '', label: 'Sort by…' }, ...sortable.map((column) => ({ value: column.field, label: `Sort by ${column.label}` }))]}
          onChange={(event) => {
            const fieldName = event.currentTarget.value;
            if (fieldName) onSort({ fieldName, sortOrder: current?.fieldName === fieldName ? current.sortOrder : 'ascend' });
          }}
        />
        <ActionIcon
          variant="default"
          size={30}
          disabled={!current}
          onClick={() => current && onSort({ fieldName: current.fieldName, sortOrder: current.sortOrder === 'ascend' ? 'descend' : 'ascend' })}
          aria-label={current?.sortOrder === 'descend' ? 'Sorted descending; sort ascending' : 'Sorted ascending; sort descending'}
          title={current?.sortOrder === 'descend' ? 'Descending' : 'Ascending'}
        >
          {current?.sortOrder === 'descend' ? <IconSortDescending size={17} stroke={1.7} aria-hidden /> : <IconSortAscending size={17} stroke={1.7} aria-hidden />}
        </ActionIcon>
        {fetching && <Loader size={16} type="dots" aria-hidden />}
      </Group>
      {records.length === 0 ? (
        <Stack align="center" gap={6} c="dimmed" py="xl">
          <IconDatabaseOff size={30} stroke={1.4} aria-hidden />
          {empty}
        </Stack>
      ) : (
        <ul className={classes.cards} aria-label={`${catalogue.title} on this page`}>
          {records.map((record) => {
            const href = detailHref(catalogue, record);
            const title = cardTitle(identifying, record) || `Record ${record.recordId}`;
            const locked = catalogue.lockField ? isYes(record.fieldData[catalogue.lockField]) : false;
            const background = rowBackgroundColor?.(record);
            return (
              <li
                key={record.recordId}
                className={classes.listCard}
                style={background ? { backgroundColor: `var(--mantine-color-${background.replace('.', '-')})` } : undefined}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
                    {selection && (
                      <Checkbox
                        size="sm"
                        mt={1}
                        aria-label={`Select ${selection.noun} ${record.recordId}`}
                        checked={selection.isSelected(record)}
                        onChange={(event) => selection.onToggle(record, event.currentTarget.checked)}
                      />
                    )}
                    <Text fw={650} size="sm" c="dark.8" className={classes.cardTitle}>
                      {title}
                    </Text>
                    {locked && <LockIcon size={15} />}
                  </Group>
                  {href && (
                    <ActionIcon component={Link} to={href} state={linkState} variant="subtle" size="md" aria-label={`View record ${title}`} title="View">
                      <IconEye size={18} stroke={1.7} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
                <div className={classes.cardFacts}>
                  {facts.map((column) => {
                    const value = cell(column, record);
                    if (value === '' || value === null || value === undefined) return null;
                    return (
                      <Text key={column.field} span size="sm" className={classes.cardFact}>
                        <Text span size="xs" c="dimmed" fw={600}>
                          {column.label}
                        </Text>{' '}
                        {value}
                      </Text>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
