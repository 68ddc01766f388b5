import { Loader, Select, type OptionsFilter } from '@mantine/core';
import { NDC_SEARCH_DELAY_MS } from '@3ds/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useSearchNdc, type NdcOption } from './api/search-ndc.ts';

interface NdcSelectProps {
  value: string | null;
  /** The chosen NDC, and the option's label ("NDC — Trade Name (Sch X)"). */
  onChange: (ndc: string | null, label?: string) => void;
  /** The option already chosen when the select opens (a line item's current NDC). */
  initialOption?: NdcOption | undefined;
  label?: string;
  error?: string | undefined;
  autoFocus?: boolean;
  /**
   * One of several on a form where an NDC may be left out (a Form 222 line names its item by NDC or
   * by description): not required, clearable, and without the count of entries found under it.
   */
  optional?: boolean;
}

/** How close to the end of the options the next page starts loading. */
const LOAD_MORE_WITHIN_PX = 48;

/** The server has already found the options: show them as they come. */
const serverFiltered: OptionsFilter = ({ options }) => options;

/**
 * "Select an NDC Number" (spec 2 §2, §7, §9): a search select over the NDC dictionary by NDC or
 * trade name, 250 ms after typing stops; 100 options at a time, the next 100 when the list is
 * scrolled near its end. Options read "NDC — Trade Name (Sch X)". The one NDC selector of the app:
 * adding a line item to a container, a new line item, changing a line item's NDC, and the lines of a Form 222.
 */
export function NdcSelect({ value, onChange, initialOption, label = 'NDC Number', error, autoFocus, optional = false }: NdcSelectProps) {
  const [search, setSearch] = useState(initialOption?.label ?? '');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), NDC_SEARCH_DELAY_MS);
  const results = useSearchNdc(debounced);
  const labels = useRef(new Map<string, string>(initialOption ? [[initialOption.value, initialOption.label]] : []));
  const viewport = useRef<HTMLDivElement>(null);

  const { options, shown } = useMemo(() => {
    const seen = new Set<string>();
    const list: NdcOption[] = [];
    for (const page of results.data?.pages ?? []) {
      for (const option of page.options) {
        if (seen.has(option.value)) continue;
        seen.add(option.value);
        list.push(option);
        labels.current.set(option.value, option.label);
      }
    }
    const found = list.length;
    // The chosen NDC stays an option while other searches run, so its label stays in the box.
    const chosen = value === null ? undefined : labels.current.get(value);
    if (value !== null && chosen !== undefined && !seen.has(value)) list.unshift({ value, label: chosen });
    return { options: list, shown: found };
  }, [results.data, value]);

  const found = results.data?.pages[0]?.foundCount;
  const searching = results.isFetching && !results.isFetchingNextPage;

  return (
    <Select
      label={label}
      required={!optional}
      placeholder="Type an NDC or a trade name"
      description={
        optional ? undefined : found === undefined || searching ? 'Searching the NDC dictionary…' : `${found} found${found > shown ? `, ${shown} shown — scroll for more` : ''}`
      }
      data={options}
      value={value}
      onChange={(next, option) => onChange(next, option?.label)}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        // The select writes the chosen option's label into the box: that is not a new search.
        const chosen = value === null ? undefined : labels.current.get(value);
        if (text !== '' && text === chosen) return;
        setQuery(text);
      }}
      filter={serverFiltered}
      nothingFoundMessage={results.isFetching ? 'Searching…' : results.isError ? 'The NDC dictionary could not be searched' : 'No NDC matches'}
      maxDropdownHeight={300}
      scrollAreaProps={{
        viewportRef: viewport,
        // Near the end of the list (not only exactly at it, and again after each page arrives),
        // the next page is fetched.
        onScrollPositionChange: ({ y }) => {
          const element = viewport.current;
          if (!element || element.scrollHeight - element.clientHeight - y > LOAD_MORE_WITHIN_PX) return;
          if (results.hasNextPage && !results.isFetching) void results.fetchNextPage();
        },
      }}
      leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
      rightSection={results.isFetching ? <Loader size={14} role="status" aria-label="Searching" /> : undefined}
      error={error}
      autoFocus={autoFocus}
      // In a dialog, the focus trap gives the focus to the element marked so (not the close button).
      data-autofocus={autoFocus || undefined}
      allowDeselect={false}
      clearable={optional}
      // The list opens when the person types (or presses ↓), not on arrival: it would cover the dialog's buttons.
      openOnFocus={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
