import { ListScreen } from '../../../components/list-screen/list-screen.tsx';

/** `/line-items`: the line items list (spec 2 §2); % Fill shows as 0.00% (the catalogue's percent format). */
export function LineItemsScreen() {
  return <ListScreen entity="line-items" />;
}
