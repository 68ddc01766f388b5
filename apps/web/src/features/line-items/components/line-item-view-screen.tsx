import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the line item screen arrives with its own issue. */
export function LineItemViewScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Line Item ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
