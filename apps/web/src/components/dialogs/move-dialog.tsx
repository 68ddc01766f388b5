import { Alert, Button, Group, Modal, Select, Stack, Text, type ComboboxParsedItem } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { RefusalNote } from '../alerts/refusal-note.tsx';
import { warningFrom, WarningList, type Warning } from '../alerts/warning-list.tsx';
import type { MoveTargetOption } from './move-target.ts';

interface MoveDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Where the record is now and where it may go. */
  intro: ReactNode;
  /** The places it may go, as the server answered them. */
  targets: { data: readonly MoveTargetOption[] | undefined; isPending: boolean; error: unknown };
  /** The select's label ("Destination Job") and what it says while there is no choice. */
  label: string;
  placeholder: string;
  /** Shown instead of a choice when there is nowhere to go. */
  emptyMessage: string;
  /** What the targets were (for "could not be read"). */
  targetsNoun: string;
  /** Why the record cannot move at all (shown before anything is sent; Move stays disabled). */
  refusal?: string | undefined;
  busy: boolean;
  /** Why the last Move did not go through, when the caller shows it here. */
  warning?: Warning | null;
  /**
   * The places are found on the server as the user types (a bulk move's containers or jobs): the
   * typed text, as the caller searches with it. Without it, the select filters the places it has.
   */
  search?: { value: string; onChange: (text: string) => void; searching: boolean };
  /** Shown once a target is chosen: what the move there would do (a bulk move's dry run). */
  preview?: ((target: string) => ReactNode) | undefined;
  onMove: (target: string) => void;
}

/**
 * "Move …" (spec 2 §2, §4): choose where the record goes among the places the server offers; Move
 * stays disabled until one is chosen, and while the record cannot move at all. One dialog for
 * moving a container to another job and a line item to another container.
 */
export function MoveDialog({ opened, onClose, title, ...rest }: MoveDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {/* Mounted only while open: every opening starts with no choice and fresh targets. */}
      {opened && <MoveForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function MoveForm({ onClose, intro, targets, label, placeholder, emptyMessage, targetsNoun, refusal, busy, warning = null, search, preview, onMove }: Omit<MoveDialogProps, 'opened' | 'title'>) {
  const [target, setTarget] = useState<string | null>(null);
  // Found as the user types: an empty answer is "nothing matches", not "nowhere to go".
  const none = !search && targets.data !== undefined && targets.data.length === 0;
  const searchProps = search
    ? {
        searchValue: search.value,
        onSearchChange: search.onChange,
        filter: ({ options }: { options: ComboboxParsedItem[] }) => options,
        // Typing opens the list; focus alone does not, so it never covers the dialog's buttons.
        openOnFocus: false,
      }
    : {};
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // Sent only with a target (spec 2 §5), and only when it can succeed.
        if (target && !refusal) onMove(target);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        <Select
          label={label}
          withAsterisk
          placeholder={targets.isPending && !search ? `Loading the ${targetsNoun}…` : none ? emptyMessage : placeholder}
          data={targets.data ? [...targets.data] : []}
          value={target}
          onChange={setTarget}
          searchable
          {...searchProps}
          nothingFoundMessage={search?.searching ? 'Searching…' : search ? emptyMessage : 'Nothing matches'}
          disabled={(targets.isPending && !search) || none || refusal !== undefined}
          maxDropdownHeight={280}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        {refusal && <RefusalNote>{refusal}</RefusalNote>}
        {target && !refusal && preview?.(target)}
        {none && !refusal && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {emptyMessage}
          </Alert>
        )}
        {targets.error != null && <WarningList warning={warningFrom(targets.error, `The ${targetsNoun} could not be read`)} />}
        {warning && <WarningList warning={warning} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!target || refusal !== undefined} loading={busy}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
