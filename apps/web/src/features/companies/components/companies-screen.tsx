import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ScreenPlaceholder } from '../../../components/page/screen-placeholder.tsx';

/** Placeholder: the Companies screen arrives with its own issue. */
export function CompaniesScreen() {
  return (
    <PageFrame title="Companies">
      <ScreenPlaceholder />
    </PageFrame>
  );
}
