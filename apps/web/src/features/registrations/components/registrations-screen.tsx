import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Registrations screen arrives with its own issue. */
export function RegistrationsScreen() {
  return (
    <PageFrame title="Registrations">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
