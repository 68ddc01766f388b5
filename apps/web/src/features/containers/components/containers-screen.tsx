import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import { CONTAINER_KINDS, type ContainerKind } from '../container-kinds.ts';

/** `/containers` and `/yb-containers`: the containers lists (spec 2 §2 "Containers list", "Yellow Bucket containers list"). */
export function ContainersScreen({ kind }: { kind: ContainerKind }) {
  return <ListScreen entity={CONTAINER_KINDS[kind].entity} />;
}
