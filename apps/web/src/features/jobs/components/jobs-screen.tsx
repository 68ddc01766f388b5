import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Jobs screen arrives with its own issue. */
export function JobsScreen() {
  return (
    <PageFrame title="Jobs">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
