import { ListScreen } from '../../../components/list-screen/list-screen.tsx';

/** `/companies`: the companies list (spec 1 §2 "Companies list"). */
export function CompaniesScreen() {
  return <ListScreen entity="companies" />;
}
