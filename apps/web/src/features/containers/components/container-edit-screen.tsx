import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the edit container screen arrives with its own issue. */
export function ContainerEditScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Edit Container ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
