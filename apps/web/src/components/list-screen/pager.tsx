import { Group, Pagination } from '@mantine/core';
import { pagerItems } from './list-pager-model.ts';

interface PagerProps {
  page: number;
  /** How many pages there are; nothing shows for one or none. */
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark ("Pages", "Registrations pages"), as a screen may hold several. */
  label: string;
}

/**
 * The pager of lists and paged portals (spec 1 §2): first, previous, the first page, the current
 * page with two either side, the last page, next and last.
 */
export function Pager({ page, total, onPageChange, label }: PagerProps) {
  if (total <= 1) return null;
  return (
    <Pagination.Root total={total} value={page} onChange={onPageChange} size="sm">
      <nav aria-label={label}>
        <Group gap={4} wrap="nowrap">
          <Pagination.First aria-label="First page" />
          <Pagination.Previous aria-label="Previous page" />
          {pagerItems(page, total).map((item, index) =>
            item === 'gap' ? (
              <Pagination.Dots key={`gap-${index}`} />
            ) : (
              <Pagination.Control
                key={item}
                active={item === page}
                onClick={() => onPageChange(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Pagination.Control>
            ),
          )}
          <Pagination.Next aria-label="Next page" />
          <Pagination.Last aria-label="Last page" />
        </Group>
      </nav>
    </Pagination.Root>
  );
}
