import { useParams } from 'react-router';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the company screen arrives with its own issue. */
export function CompanyScreen() {
  const { id } = useParams();
  return (
    <PageFrame title={`Company ${id ?? ''}`}>
      <ScreenPlaceholder />
    </PageFrame>
  );
}
