import { ListScreen } from '../../../components/list-screen/list-screen.tsx';

/** `/yb-line-items`: Yellow Bucket line items (spec 2 §2). */
export function YbLineItemsScreen() {
  return <ListScreen entity="yb-line-items" />;
}
