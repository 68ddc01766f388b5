import { routePath } from '../../../app/routes.ts';
import { RecordView } from '../../../components/record-view/record-view.tsx';

const PORTAL_LINKS = { LineItems: '/yb-line-item/:id' };

/** `/yb-container/{id}`: a read-only view until the Yellow Bucket container screen (spec 2) lands. */
export function YbContainerViewScreen() {
  return (
    <RecordView
      entity="yb-containers"
      title={(_record, id) => `Yellow Bucket Container ${id}`}
      subtitleField="Container Name"
      listPath={routePath('yb-containers')}
      portalLinks={PORTAL_LINKS}
    />
  );
}
