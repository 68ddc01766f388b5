import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { pageCount, showingRange, showingText } from '../list-screen/list-pager-model.ts';
import { Pager } from '../list-screen/pager.tsx';

/**
 * Client-side paging of a portal's rows (spec 1 §9: a company's registrations and a
 * registration's active jobs, 10 per page). The page is clamped when the rows shrink, so a
 * reload that removes rows never leaves an empty page behind.
 */
export function usePortalPage<T>(rows: readonly T[], size: number) {
  const [wanted, setPage] = useState(1);
  const total = pageCount(rows.length, size);
  const page = Math.min(Math.max(1, wanted), Math.max(total, 1));
  const pageRows = rows.slice((page - 1) * size, page * size);
  return { page, setPage, pageRows, total, size, count: rows.length };
}

interface PortalPagerProps {
  page: number;
  size: number;
  count: number;
  onPageChange: (page: number) => void;
  /** Names the pager's navigation landmark ("Registrations pages"), as a page may hold several. */
  label: string;
}

/**
 * The footer of a paged portal table: "Showing X to Y of Z entries" and, when there is more than
 * one page, the same pager as the lists (first, last and two pages either side of the current).
 */
export function PortalPager({ page, size, count, onPageChange, label }: PortalPagerProps) {
  const total = pageCount(count, size);
  return (
    <Group justify="space-between" gap="sm" pt="sm" wrap="wrap" mih={38}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingText(showingRange(page, size, count))}
      </Text>
      <Pager page={page} total={total} onPageChange={onPageChange} label={label} />
    </Group>
  );
}
