import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import { LINE_ITEM_KINDS, type LineItemKind } from '../../../components/line-item-entry/line-item-kinds.ts';

/** `/line-items` and `/yb-line-items`: the line items lists (spec 2 §2); % Fill shows as 0.00% (the catalogue's percent format). */
export function LineItemsScreen({ kind }: { kind: LineItemKind }) {
  return <ListScreen entity={LINE_ITEM_KINDS[kind].entity} />;
}
