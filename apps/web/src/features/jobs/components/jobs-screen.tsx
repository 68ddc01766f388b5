import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import type { CellRenderer } from '../../../components/list-screen/list-columns.tsx';
import { daysLeftView } from '../destruction-record-model.ts';
import { DaysLeftBadge } from './days-left-badge.tsx';

/** Days Left as the 30-day clock's badge (orange from day 20, red once overdue); empty when not running. */
const RENDERERS: Partial<Record<string, CellRenderer>> = {
  'Days Left': (record) => {
    const view = daysLeftView(record.fieldData['Days Left']);
    return view ? <DaysLeftBadge view={view} size="xs" /> : null;
  },
};

/** `/jobs`: the jobs list (spec 1 §2 "Jobs list"), with the lock column first. */
export function JobsScreen() {
  return <ListScreen entity="jobs" renderers={RENDERERS} />;
}
