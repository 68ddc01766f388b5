import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the edit line item screen arrives with its own issue. */
export function LineItemEditScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Edit Line Item ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
