import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import { EXPIRATION_FIELD, ExpiryLegend, expiryRowColor, renderExpiration } from './registration-expiry.tsx';

const RENDERERS = { [EXPIRATION_FIELD]: renderExpiration };

/** `/registrations`: the registrations list, expired rows red and almost-expired rows amber (spec 1 §2). */
export function RegistrationsScreen() {
  return (
    <ListScreen entity="registrations" renderers={RENDERERS} rowBackgroundColor={expiryRowColor} legend={<ExpiryLegend />} />
  );
}
