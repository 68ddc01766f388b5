import { routePath } from '../../../app/routes.ts';
import { RecordView } from '../../../components/record-view/record-view.tsx';

const PORTAL_LINKS = { Siblings: '/yb-line-item/:id' };

/** `/yb-line-item/{id}`: a read-only view until the Yellow Bucket line item screen (spec 2) lands. */
export function YbLineItemViewScreen() {
  return (
    <RecordView
      entity="yb-line-items"
      title={(_record, id) => `Yellow Bucket Line Item ${id}`}
      subtitleField="NDC Number"
      listPath={routePath('yb-line-items')}
      portalLinks={PORTAL_LINKS}
    />
  );
}
