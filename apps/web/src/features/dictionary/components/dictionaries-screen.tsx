import { ListScreen } from '../../../components/list-screen/list-screen.tsx';

/** `/dictionaries`: the NDC dictionary (spec 1 §2 "NDC dictionary list"); no detail link. */
export function DictionariesScreen() {
  return <ListScreen entity="dictionaries" />;
}
