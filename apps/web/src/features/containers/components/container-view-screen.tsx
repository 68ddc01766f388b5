import { routePath } from '../../../app/routes.ts';
import { RecordView } from '../../../components/record-view/record-view.tsx';

const PORTAL_LINKS = { LineItems: '/line-item/:id' };

/** `/container/{id}`: a read-only view until the container screen (spec 2 "Container detail") lands. */
export function ContainerViewScreen() {
  return (
    <RecordView
      entity="containers"
      title={(_record, id) => `Container ${id}`}
      subtitleField="Container Name"
      listPath={routePath('containers')}
      portalLinks={PORTAL_LINKS}
    />
  );
}
