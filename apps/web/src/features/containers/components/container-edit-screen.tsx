import { ContainerEdit } from '../../../components/container-screens/container-edit.tsx';

/** `/container/{id}/edit` (`?new=true` for a container just added): the container edit (spec 2 §2 "Container edit"). */
export function ContainerEditScreen() {
  return <ContainerEdit kind="standard" />;
}
