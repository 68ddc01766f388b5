import { Button, Checkbox, Divider, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { isIdentifyingColumn, type EntityCatalogue } from '@3ds/domain';
import { IconChevronDown, IconColumns3 } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useChooseHiddenColumns } from './api/list-columns.ts';
import { toggleHidden } from './list-column-choice.ts';

interface ColumnChooserProps {
  catalogue: EntityCatalogue;
  /** The columns hidden now, by field name. */
  hidden: readonly string[];
}

/**
 * "Columns": which columns of the list the user sees, kept for them on the server (every browser
 * they sign in from shows the same). The list's identifying columns are always shown; the others
 * can be hidden and shown again one by one, or all at once.
 */
export function ColumnChooser({ catalogue, hidden }: ColumnChooserProps) {
  const [opened, setOpened] = useState(false);
  const choose = useChooseHiddenColumns();
  const headingId = useId();
  // The boxes follow a click at once (the list's own copy follows a moment later, with the table).
  const [current, setCurrent] = useState<readonly string[]>(hidden);
  useEffect(() => setCurrent(hidden), [hidden]);
  const save = (next: string[]) => {
    setCurrent(next);
    choose(catalogue.entity, next);
  };
  const count = current.length;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconColumns3 size={17} stroke={1.7} aria-hidden />}
          rightSection={<IconChevronDown size={15} stroke={1.8} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-haspopup="dialog"
        >
          Columns{count > 0 ? ` (${count} hidden)` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-labelledby={headingId}>
        <Group justify="space-between" px="md" pt="sm" pb={6}>
          <Text id={headingId} size="xs" fw={600} c="dimmed" tt="uppercase">
            Columns of {catalogue.title}
          </Text>
          <Button variant="subtle" size="compact-xs" disabled={count === 0} onClick={() => save([])}>
            Show all
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={380} type="auto">
          <Stack gap={8} px="md" py="sm" role="group" aria-label="Columns shown">
            {/* In the order the list shows them: the identifying columns first. */}
            {[...catalogue.columns].sort((a, b) => Number(isIdentifyingColumn(catalogue.entity, b.field)) - Number(isIdentifyingColumn(catalogue.entity, a.field))).map((column) => {
              const fixed = isIdentifyingColumn(catalogue.entity, column.field);
              return (
                <Checkbox
                  key={column.field}
                  size="sm"
                  label={column.label}
                  description={fixed ? 'Identifies each row: always shown' : undefined}
                  checked={fixed || !current.includes(column.field)}
                  disabled={fixed}
                  onChange={(event) => save(toggleHidden(catalogue, current, column.field, event.currentTarget.checked))}
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Divider />
        <Text size="xs" c="dimmed" px="md" py={8}>
          Kept for you on this list, wherever you sign in.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
