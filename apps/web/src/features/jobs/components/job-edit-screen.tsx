import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the edit job screen arrives with its own issue. */
export function JobEditScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Edit Job ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
