import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Yellow Bucket Containers screen arrives with its own issue. */
export function YbContainersScreen() {
  return (
    <PageFrame title="Yellow Bucket Containers">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
