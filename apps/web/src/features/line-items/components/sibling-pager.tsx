import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { SiblingPosition } from '../line-item-record.ts';

interface SiblingPagerProps {
  position: SiblingPosition;
  onGo: (id: string) => void;
}

/**
 * 'Record x of n' over the line items of the same container (spec 2 §2), one per page: the
 * previous and next buttons open the neighbouring line item.
 */
export function SiblingPager({ position, onGo }: SiblingPagerProps) {
  return (
    <Group gap={6} wrap="nowrap" role="navigation" aria-label="Line items of this container">
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label="Previous record"
        disabled={position.previous === null}
        onClick={() => position.previous !== null && onGo(position.previous)}
      >
        <IconChevronLeft size={18} stroke={1.8} aria-hidden />
      </ActionIcon>
      <Text size="sm" fw={500} c="dark.6" miw={104} ta="center" aria-live="polite">
        Record {position.index} of {position.count}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label="Next record"
        disabled={position.next === null}
        onClick={() => position.next !== null && onGo(position.next)}
      >
        <IconChevronRight size={18} stroke={1.8} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
