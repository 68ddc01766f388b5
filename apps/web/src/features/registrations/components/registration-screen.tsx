import { routePath } from '../../../app/routes.ts';
import { RecordView } from '../../../components/record-view/record-view.tsx';

const PORTAL_LINKS = { Job: '/job/:id' };

/** `/registration/{id}`: a read-only view until the registration screen (spec 1 "Registration detail") lands. */
export function RegistrationScreen() {
  return (
    <RecordView
      entity="registrations"
      title={(record) => `Registration ${record?.fieldData['Registration Number'] ?? ''}`.trim()}
      subtitleField="Activity"
      listPath={routePath('registrations')}
      portalLinks={PORTAL_LINKS}
    />
  );
}
