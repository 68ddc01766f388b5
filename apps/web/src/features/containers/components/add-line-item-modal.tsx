import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { warningFrom, type Warning } from '../../../components/alerts/warning-list.tsx';
import { quickLineItemBody, useCreateLineItem } from '../../../components/line-item-entry/api/create-line-item.ts';
import { ndcLookupQueryOptions } from '../../../components/line-item-entry/api/ndc-lookup.ts';
import { NdcPickDialog } from '../../../components/line-item-entry/ndc-pick-dialog.tsx';
import type { ContainerKindConfig } from '../container-kinds.ts';

interface AddLineItemModalProps {
  kind: ContainerKindConfig;
  containerId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * A container's Add Line Item (spec 2 §2): once an NDC is chosen the line item is made with the
 * NDC's pack size and the defaults, and its screen opens. The new-line-item rules the server
 * applies come back as a warning list in the dialog.
 */
export function AddLineItemModal({ kind, containerId, opened, onClose }: AddLineItemModalProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateLineItem(kind.lineItems);
  const [warning, setWarning] = useState<Warning | null>(null);
  const [looking, setLooking] = useState(false);

  const close = () => {
    setWarning(null);
    onClose();
  };

  const add = async (ndc: string) => {
    setWarning(null);
    try {
      setLooking(true);
      const lookup = await queryClient.fetchQuery(ndcLookupQueryOptions(ndc));
      setLooking(false);
      const { recordId } = await create.mutateAsync(quickLineItemBody(containerId, ndc, lookup));
      showAlert({ type: 'SUCCESS', message: `Line item ${recordId} was added with NDC ${ndc}.` });
      close();
      void navigate(routePath(kind.lineItems.viewRoute, { id: recordId }));
    } catch (error) {
      setLooking(false);
      if (error instanceof ApiError && error.status === 401) return; // signed out already, and told why
      setWarning(warningFrom(error, 'The line item could not be added'));
    }
  };

  return (
    <NdcPickDialog
      opened={opened}
      onClose={close}
      onPick={(ndc) => void add(ndc)}
      busy={looking || create.isPending}
      warning={warning}
      onNdcChange={() => setWarning(null)}
      intro="Search by NDC or trade name. The line item starts with the NDC's pack size, a pack quantity of 1 and a fill of 100%; complete it on its own screen."
    />
  );
}
