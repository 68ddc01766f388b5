import { LineItemView } from '../../../components/line-item-screens/line-item-view.tsx';

/** `/yb-line-item/{id}`: the Yellow Bucket line item screen (spec 2 §2, same layout as a line item's). */
export function YbLineItemViewScreen() {
  return <LineItemView kind="yellow-bucket" />;
}
