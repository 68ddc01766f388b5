import { Button, Group, Kbd, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';

interface QuickSearchProps {
  /** The quick-find text in effect (from the URL). */
  value: string;
  /** Runs the quick find with this text ('' shows everything again). */
  onSearch: (text: string) => void;
}

/**
 * The quick-search box with its Go button (spec 1 §2). Enter runs it too; clearing the box with
 * Backspace or Delete runs it again with the empty text.
 */
export function QuickSearch({ value, onSearch }: QuickSearchProps) {
  const [text, setText] = useState(value);

  // Back/forward (or a link) changed the URL: show what is in effect.
  useEffect(() => setText(value), [value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  const rerunWhenCleared = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Backspace' || event.key === 'Delete') && event.currentTarget.value === '' && value !== '') {
      onSearch('');
    }
  };

  return (
    <form onSubmit={submit}>
      <Group gap={8} wrap="nowrap">
        <TextInput
          aria-label="Quick search"
          placeholder="Quick search"
          aria-keyshortcuts="/"
          data-quick-find
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyUp={rerunWhenCleared}
          leftSection={<IconSearch size={16} stroke={1.7} aria-hidden />}
          // The "/" shortcut, shown while the box is empty (aria-keyshortcuts says it to screen readers).
          rightSection={text === '' ? <Kbd size="xs" aria-hidden title="Press / to search">/</Kbd> : null}
          rightSectionPointerEvents="none"
          w={{ base: '100%', xs: 280 }}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="filled" style={{ flex: 'none' }}>
          Go
        </Button>
      </Group>
    </form>
  );
}
