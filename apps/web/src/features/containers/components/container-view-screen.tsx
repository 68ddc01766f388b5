import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the container screen arrives with its own issue. */
export function ContainerViewScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Container ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
