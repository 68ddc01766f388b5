import { routePath } from '../../../app/routes.ts';
import { RecordView } from '../../../components/record-view/record-view.tsx';

const PORTAL_LINKS = { Registration: '/registration/:id' };

/** `/company/{id}`: a read-only view of the company until its own screen (spec 1 "Company detail") lands. */
export function CompanyScreen() {
  return (
    <RecordView
      entity="companies"
      title={(_record, id) => `Company ${id}`}
      subtitleField="Company Name"
      listPath={routePath('companies')}
      portalLinks={PORTAL_LINKS}
    />
  );
}
