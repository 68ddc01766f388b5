import { ActionIcon, Button, Checkbox, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import type { FieldSpec } from '@3ds/domain';
import { useWindowEvent } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  fieldSuggestions,
  hasSeparator,
  parseTag,
  requestsToRows,
  rowsToRequests,
  tagFieldName,
  type CriteriaRow,
} from './find-tags.ts';
import type { FindRequest } from '../../lib/records/list-state.ts';

interface AdvancedSearchModalProps {
  opened: boolean;
  /** Closed with the X, a click outside or Escape: nothing changes. */
  onClose: () => void;
  fields: readonly FieldSpec[];
  /** The find requests in effect. */
  requests: readonly FindRequest[];
  /** "Search": run these requests ([] clears the find). */
  onSearch: (requests: FindRequest[]) => void;
  /** "Cancel", or the last row deleted: clear the criteria and reload. */
  onClear: () => void;
}

/**
 * Advanced Search (spec 1 §2): one row per find request. A row is a tag input of `field:value`
 * tags (ANDed) with autocomplete of the field names, an Omit checkbox and a delete icon.
 */
export function AdvancedSearchModal({ opened, onClose, ...form }: AdvancedSearchModalProps) {
  // Escape while typing a tag must not close the modal (spec 1 §2); elsewhere it does. Decided by
  // the key's target rather than by focus bookkeeping, which misses inputs removed while focused.
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape' || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(`[${CRITERIA_INPUT}]`)) return;
    onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Advanced Search" size="xl" closeOnEscape={false}>
      {opened && <AdvancedSearchForm {...form} onClose={onClose} />}
    </Modal>
  );
}

/** Marks the tag inputs, where Escape only closes the suggestions. */
const CRITERIA_INPUT = 'data-criteria-input';

interface EditedRow extends CriteriaRow {
  key: number;
  /** Text typed but not yet made a tag. */
  draft: string;
  error?: string | undefined;
}

type FormProps = Omit<AdvancedSearchModalProps, 'opened'>;

function AdvancedSearchForm({ fields, requests, onSearch, onClear, onClose }: FormProps) {
  const nextKey = useRef(0);
  /** The row whose box takes the focus when it appears (after "Add Request"). */
  const focusKey = useRef(-1);
  const newRow = (row: CriteriaRow = { omit: false, tags: [] }): EditedRow => ({
    ...row,
    key: nextKey.current++,
    draft: '',
  });
  const [rows, setRows] = useState<EditedRow[]>(() => requestsToRows(requests).map((row) => newRow(row)));
  /**
   * The row whose field suggestions are showing. They show while a field name is being typed
   * (no separator colon yet), not on focus nor after a tag is added, so the list never covers
   * the other rows and buttons uninvited.
   */
  const [suggestingRow, setSuggestingRow] = useState<number | null>(null);
  const suggestions = useMemo(() => fieldSuggestions(fields), [fields]);
  const suggestionByFold = useMemo(() => new Map(suggestions.map((s) => [s.toLowerCase(), s])), [suggestions]);

  const update = (key: number, change: (row: EditedRow) => EditedRow) =>
    setRows((current) => current.map((row) => (row.key === key ? change(row) : row)));

  /** A typed tag joins the row only when it reads as `field:value`; otherwise the text stays in the box with the reason. */
  const accept = (row: EditedRow, text: string): EditedRow => {
    const suggestion = suggestionByFold.get(text.trim().toLowerCase());
    if (suggestion) return { ...row, draft: suggestion, error: undefined }; // a field was picked: now type its value
    const parsed = parseTag(text, fields);
    if (!parsed.ok) return { ...row, draft: text, error: parsed.error };
    if (row.tags.some((tag) => tagFieldName(tag)?.toLowerCase() === parsed.field.name.toLowerCase())) {
      return {
        ...row,
        draft: text,
        error: `${parsed.field.name} is already in this request. Use another request to search it again.`,
      };
    }
    return { ...row, tags: [...row.tags, parsed.tag], draft: '', error: undefined };
  };

  const changeTags = (key: number, next: string[]) =>
    update(key, (row) => {
      const kept = row.tags.filter((tag) => next.includes(tag));
      const added = next.filter((tag) => !row.tags.includes(tag));
      return added.reduce(accept, { ...row, tags: kept });
    });

  const deleteRow = (key: number) => {
    if (rows.length <= 1) {
      // Removing the last row clears every criterion (spec 1 §2).
      setRows([]);
      onClear();
      return;
    }
    setRows((current) => current.filter((row) => row.key !== key));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Text still in a box counts as a tag, if it reads as one.
    const committed = rows.map((row) => (row.draft.trim() === '' ? row : accept({ ...row, error: undefined }, row.draft)));
    if (committed.some((row) => row.error || row.draft.trim() !== '')) {
      const unfinished = (row: EditedRow) => row.draft.trim() !== '' && !row.error;
      setRows(committed.map((row) => (unfinished(row) ? { ...row, error: 'Finish this criterion or clear it.' } : row)));
      return;
    }
    onSearch(rowsToRequests(committed));
  };

  const cancel = () => {
    onClear();
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Type criteria as <b>field:value</b> (for example <i>City:Trenton</i>) and press Enter. A record is found when it
          matches every criterion of a request; each further request adds its matches, and an Omit request removes them.
        </Text>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" fs="italic">
            No requests yet.
          </Text>
        )}
        {rows.map((row, index) => (
          <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap">
            <TagsInput
              label={`Request ${index + 1}`}
              placeholder={row.tags.length === 0 ? 'field:value' : undefined}
              data={suggestions}
              value={row.tags}
              onChange={(next) => changeTags(row.key, next)}
              searchValue={row.draft}
              onSearchChange={(draft) => {
                update(row.key, (r) => ({ ...r, draft, error: undefined }));
                setSuggestingRow(draft.trim() !== '' && !hasSeparator(draft) ? row.key : null);
              }}
              dropdownOpened={suggestingRow === row.key && !hasSeparator(row.draft)}
              onDropdownOpen={() => setSuggestingRow(row.key)}
              onDropdownClose={() => setSuggestingRow((current) => (current === row.key ? null : current))}
              openOnFocus={false}
              error={row.error}
              splitChars={[]}
              limit={40}
              maxDropdownHeight={240}
              clearable
              {...{ [CRITERIA_INPUT]: true }}
              style={{ flex: 1 }}
              data-autofocus={index === 0 ? true : undefined}
              ref={(input) => {
                if (input && row.key === focusKey.current) {
                  focusKey.current = -1;
                  input.focus();
                }
              }}
            />
            <Checkbox
              label="Omit"
              checked={row.omit}
              onChange={(event) => {
                const omit = event.currentTarget.checked;
                update(row.key, (r) => ({ ...r, omit }));
              }}
              mt={32}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label="Delete request"
              title="Delete request"
              onClick={() => deleteRow(row.key)}
            >
              <IconTrash size={18} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between" mt="xs">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} stroke={2} aria-hidden />}
            onClick={() => {
              const row = newRow();
              focusKey.current = row.key;
              setRows((current) => [...current, row]);
            }}
            data-autofocus={rows.length === 0 ? true : undefined}
          >
            Add Request
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit">Search</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
