import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Containers screen arrives with its own issue. */
export function ContainersScreen() {
  return (
    <PageFrame title="Containers">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
