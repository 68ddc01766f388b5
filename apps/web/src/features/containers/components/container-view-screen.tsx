import { ContainerView } from '../../../components/container-screens/container-view.tsx';

/** `/container/{id}`: the container detail (spec 2 §2 "Container detail"). */
export function ContainerViewScreen() {
  return <ContainerView kind="standard" />;
}
