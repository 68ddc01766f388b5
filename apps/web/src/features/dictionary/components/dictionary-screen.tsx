import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the ndc dictionary entry screen arrives with its own issue. */
export function DictionaryScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`NDC Dictionary Entry ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
