import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the NDC Dictionary screen arrives with its own issue. */
export function DictionariesScreen() {
  return (
    <PageFrame title="NDC Dictionary">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
