import { routePath } from '../../../app/routes.ts';
import { RecordView } from '../../../components/record-view/record-view.tsx';

const PORTAL_LINKS = { Containers: '/container/:id', YellowBuckets: '/yb-container/:id' };

/** `/job/{id}`: a read-only view until the job screen (spec 1 "Job detail") lands. */
export function JobViewScreen() {
  return (
    <RecordView
      entity="jobs"
      title={(_record, id) => `Job ${id}`}
      subtitleField="Job Name"
      listPath={routePath('jobs')}
      portalLinks={PORTAL_LINKS}
    />
  );
}
