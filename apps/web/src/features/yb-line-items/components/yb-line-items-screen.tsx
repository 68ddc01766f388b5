import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Yellow Bucket Line Items screen arrives with its own issue. */
export function YbLineItemsScreen() {
  return (
    <PageFrame title="Yellow Bucket Line Items">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
