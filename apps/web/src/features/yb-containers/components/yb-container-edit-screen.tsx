import { ContainerEdit } from '../../../components/container-screens/container-edit.tsx';

/** `/yb-container/{id}/edit`: the Yellow Bucket container edit (its types and units; CREATE_LINE_ITEM, spec 2 §6). */
export function YbContainerEditScreen() {
  return <ContainerEdit kind="yellow-bucket" />;
}
