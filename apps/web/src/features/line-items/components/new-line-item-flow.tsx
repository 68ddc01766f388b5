import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { NdcPickDialog } from '../../../components/line-item-entry/ndc-pick-dialog.tsx';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { LineItemFormModal } from '../../../components/line-item-entry/line-item-form-modal.tsx';

interface NewLineItemFlowProps {
  kind: LineItemKindConfig;
  /** The container the new line item goes into. */
  containerId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * A new line item (spec 2 §2): first 'Select an NDC Number' (OK disabled while none is chosen),
 * then the line item form for that NDC in new mode; once saved, the new line item's screen opens.
 */
export function NewLineItemFlow({ kind, containerId, opened, onClose }: NewLineItemFlowProps) {
  const navigate = useNavigate();
  const [ndc, setNdc] = useState<string | null>(null);

  const close = () => {
    onClose();
    setNdc(null);
  };

  return (
    <>
      <NdcPickDialog
        opened={opened && ndc === null}
        onClose={close}
        onPick={setNdc}
        intro={`Search the NDC dictionary by NDC or trade name. The new line item goes into container ${containerId}.`}
      />
      {ndc && (
        <LineItemFormModal
          kind={kind}
          mode="new"
          ndc={ndc}
          containerId={containerId}
          opened={opened}
          onClose={close}
          onSaved={(recordId) => {
            close();
            void navigate(routePath(kind.viewRoute, { id: recordId }));
          }}
        />
      )}
    </>
  );
}
