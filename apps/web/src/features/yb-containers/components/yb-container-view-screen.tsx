import { ContainerView } from '../../../components/container-screens/container-view.tsx';

/** `/yb-container/{id}`: the Yellow Bucket container detail (spec 2 §2 "Yellow Bucket container detail"). */
export function YbContainerViewScreen() {
  return <ContainerView kind="yellow-bucket" />;
}
