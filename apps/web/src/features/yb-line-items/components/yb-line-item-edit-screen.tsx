import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the edit yellow bucket line item screen arrives with its own issue. */
export function YbLineItemEditScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Edit Yellow Bucket Line Item ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
