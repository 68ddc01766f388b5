import { Anchor, List, ScrollArea } from '@mantine/core';
import { CATALOGUE } from '@3ds/domain';
import { Link } from 'react-router';
import { IncompleteLineItems } from '../lock/incomplete-line-items.tsx';
import { bulkNoun, type BulkEntity, type BulkRefusal } from './bulk-model.ts';

/**
 * The records of a selection that were (or would be) refused, each linking to its record with the
 * reason its own action gives; a lock refused for incomplete line items lists them, with links.
 */
export function RefusedList({ entity, refused, onNavigate }: { entity: BulkEntity; refused: readonly BulkRefusal[]; onNavigate?: (() => void) | undefined }) {
  const catalogue = CATALOGUE[entity];
  const noun = bulkNoun(entity);
  const detail = (id: string) => (catalogue.detailPath ? catalogue.detailPath.replace(':id', encodeURIComponent(id)) : undefined);
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <List spacing={6} size="sm" aria-label="Refused">
        {refused.map((refusal) => {
          const path = detail(refusal.recordId);
          const label = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${refusal.recordId}`;
          // A line item refused for itself is listed once; a container lists the line items it holds.
          const items = refusal.incomplete?.filter((item) => !(item.recordId === refusal.recordId && (entity === 'line-items' || entity === 'yb-line-items')));
          return (
            <List.Item key={refusal.recordId}>
              {path ? (
                <Anchor component={Link} to={path} onClick={onNavigate}>
                  {label}
                </Anchor>
              ) : (
                label
              )}
              : {refusal.incomplete?.length && !items?.length ? refusal.incomplete.flatMap((i) => i.problems).join('; ') : refusal.message}
              {items && items.length > 0 && <IncompleteLineItems items={items} onNavigate={onNavigate} />}
            </List.Item>
          );
        })}
      </List>
    </ScrollArea.Autosize>
  );
}
