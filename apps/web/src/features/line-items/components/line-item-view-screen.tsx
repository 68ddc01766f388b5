import { LineItemView } from '../../../components/line-item-screens/line-item-view.tsx';

/** `/line-item/{id}`: the line item screen (spec 2 §2 "Line item detail"). */
export function LineItemViewScreen() {
  return <LineItemView kind="standard" />;
}
