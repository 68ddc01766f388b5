import { LineItemView } from '../../../components/line-item-screens/line-item-view.tsx';

/**
 * `/line-item/{id}/edit` (route line-item-edit): the line item screen with its form open in edit
 * mode. Entered only from the view; otherwise, and when closed, it is the view again (spec 2 §2).
 */
export function LineItemEditScreen() {
  return <LineItemView kind="standard" editing />;
}
