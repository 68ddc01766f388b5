import { Anchor, List, ScrollArea, Text } from '@mantine/core';
import { CATALOGUE, entityOf, kindFor, RECORD_KINDS, type IncompleteLineItem } from '@3ds/domain';
import { Link } from 'react-router';

/** "line item" → "Line item"; "Yellow Bucket line item" stays. */
const sentenceCase = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

const path = (template: string | undefined, id: string) => (template ? template.replace(':id', encodeURIComponent(id)) : undefined);

/**
 * The line items that keep a record from being locked (a lock's 409 `incomplete`, or its lock
 * check): each links to its line item and container, with what it lacks. `onNavigate` closes the
 * dialog that shows the list when a link is followed.
 */
export function IncompleteLineItems({ items, onNavigate }: { items: readonly IncompleteLineItem[]; onNavigate?: (() => void) | undefined }) {
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <List spacing={8} size="sm" aria-label="Incomplete line items">
        {items.map((item) => {
          const kind = kindFor(item.yellowBucket);
          const itemPath = path(CATALOGUE[entityOf('line-item', kind)].detailPath, item.recordId);
          const containerPath = path(CATALOGUE[entityOf('container', kind)].detailPath, item.containerId);
          const noun = sentenceCase(RECORD_KINDS[entityOf('line-item', kind)].one);
          return (
            <List.Item key={item.recordId}>
              <Text span size="sm">
                {itemPath ? (
                  <Anchor component={Link} to={itemPath} onClick={onNavigate} fw={600} c="brand.9" underline="always">
                    {noun} {item.recordId}
                  </Anchor>
                ) : (
                  `${noun} ${item.recordId}`
                )}{' '}
                — NDC {item.ndc}
                {item.lot ? `, lot ${item.lot}` : ''}, in{' '}
                {containerPath ? (
                  <Anchor component={Link} to={containerPath} onClick={onNavigate} c="brand.9" underline="always">
                    {item.containerName || `container ${item.containerId}`}
                  </Anchor>
                ) : (
                  item.containerName || `container ${item.containerId}`
                )}
              </Text>
              <List size="sm" withPadding listStyleType="disc" mt={2}>
                {item.problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            </List.Item>
          );
        })}
      </List>
    </ScrollArea.Autosize>
  );
}
