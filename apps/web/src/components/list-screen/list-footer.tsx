import { Group, NativeSelect, Text } from '@mantine/core';
import { PAGE_SIZES } from '@3ds/domain';
import { pageCount, showingRange, showingText } from './list-pager-model.ts';
import { Pager } from './pager.tsx';
import type { PageSize } from '../../lib/records/list-state.ts';
import classes from './list-screen.module.css';

interface ListFooterProps {
  page: number;
  size: PageSize;
  foundCount: number;
  returnedCount: number | undefined;
  /** No answer has arrived yet: the footer does not claim a count it does not know. */
  loading?: boolean;
  onPageChange: (page: number) => void;
  onSizeChange: (size: PageSize) => void;
}

/**
 * The list footer (spec 1 §2): "Showing X to Y of Z entries", the page size (10, 25, 50, 100) and
 * a pager with the first page, the last page and two pages either side of the current one.
 */
export function ListFooter({ page, size, foundCount, returnedCount, loading = false, onPageChange, onSizeChange }: ListFooterProps) {
  const total = pageCount(foundCount, size);
  const current = Math.min(page, Math.max(total, 1));
  return (
    <Group justify="space-between" gap="sm" px="md" py={10} className={classes.footer} wrap="wrap">
      <Group gap="lg" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {loading ? 'Loading entries…' : showingText(showingRange(current, size, foundCount, returnedCount))}
        </Text>
        <Group gap={8} wrap="nowrap">
          <Text size="sm" c="dimmed" component="span" aria-hidden>
            Rows per page
          </Text>
          <NativeSelect
            aria-label="Page size"
            size="xs"
            w={74}
            data={PAGE_SIZES.map(String)}
            value={String(size)}
            onChange={(event) => onSizeChange(Number(event.currentTarget.value) as PageSize)}
          />
        </Group>
      </Group>
      <Pager page={current} total={total} onPageChange={onPageChange} label="Pages" />
    </Group>
  );
}
