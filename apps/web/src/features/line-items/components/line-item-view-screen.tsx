import { routePath } from '../../../app/routes.ts';
import { RecordView } from '../../../components/record-view/record-view.tsx';

const PORTAL_LINKS = { Siblings: '/line-item/:id' };

/** `/line-item/{id}`: a read-only view until the line item screen (spec 2 "Line item detail") lands. */
export function LineItemViewScreen() {
  return (
    <RecordView
      entity="line-items"
      title={(_record, id) => `Line Item ${id}`}
      subtitleField="NDC Number"
      listPath={routePath('line-items')}
      portalLinks={PORTAL_LINKS}
    />
  );
}
