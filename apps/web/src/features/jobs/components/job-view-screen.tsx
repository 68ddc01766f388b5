import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the job screen arrives with its own issue. */
export function JobViewScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Job ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
