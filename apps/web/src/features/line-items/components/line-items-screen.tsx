import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Line Items screen arrives with its own issue. */
export function LineItemsScreen() {
  return (
    <PageFrame title="Line Items">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
