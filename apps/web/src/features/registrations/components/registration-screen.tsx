import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the registration screen arrives with its own issue. */
export function RegistrationScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Registration ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
