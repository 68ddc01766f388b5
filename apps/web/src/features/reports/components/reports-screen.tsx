import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Reports screen arrives with its own issue. */
export function ReportsScreen() {
  return (
    <PageFrame title="Reports">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
