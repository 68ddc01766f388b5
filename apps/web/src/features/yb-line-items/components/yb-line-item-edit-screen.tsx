import { LineItemView } from '../../../components/line-item-screens/line-item-view.tsx';

/**
 * `/yb-line-item/{id}/edit` (route yb-line-item-edit): the Yellow Bucket line item screen with its
 * form open in edit mode. Entered only from the view; otherwise, and when closed, it is the view again.
 */
export function YbLineItemEditScreen() {
  return <LineItemView kind="yellow-bucket" editing />;
}
