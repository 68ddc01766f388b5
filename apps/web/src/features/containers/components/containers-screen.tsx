import { ListScreen } from '../../../components/list-screen/list-screen.tsx';

/** `/containers`: the containers list (spec 2 §2 "Containers list"). */
export function ContainersScreen() {
  return <ListScreen entity="containers" />;
}
