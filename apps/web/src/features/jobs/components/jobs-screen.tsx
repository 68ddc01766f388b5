import { ListScreen } from '../../../components/list-screen/list-screen.tsx';

/** `/jobs`: the jobs list (spec 1 §2 "Jobs list"), with the lock column first. */
export function JobsScreen() {
  return <ListScreen entity="jobs" />;
}
