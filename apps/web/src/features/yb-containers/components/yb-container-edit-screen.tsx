import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the edit yellow bucket container screen arrives with its own issue. */
export function YbContainerEditScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Edit Yellow Bucket Container ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
