import { ListScreen } from '../../../components/list-screen/list-screen.tsx';

/** `/yb-containers`: Yellow Bucket containers (spec 2 §2); the first column stays in view. */
export function YbContainersScreen() {
  return <ListScreen entity="yb-containers" pinFirstColumn />;
}
