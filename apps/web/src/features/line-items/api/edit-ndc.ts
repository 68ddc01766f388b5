import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/**
 * `PATCH /3ds/api/{line-item|yb-line-item}/edit/{id}` — changes the line item's NDC (spec 2 §2,
 * §7). `initial` is what the screen showed: if the stored values differ, someone else changed the
 * item first and the server answers 409. Afterwards the record refreshes.
 */
export interface EditNdcBody {
  id: number;
  ndc: string;
  packSize?: number | null;
  packSizeUoM?: string | null;
  containerId: number;
  initial: { ndc: string; packSize: number | string | null; packSizeUoM: string | null };
}

export function editNdc(kind: LineItemKindConfig, body: EditNdcBody): Promise<unknown> {
  return api.patch(`/${kind.apiSingular}/edit/${encodeURIComponent(String(body.id))}`, body);
}

export function editNdcMutationOptions(kind: LineItemKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'edit-ndc'],
    mutationFn: (body: EditNdcBody) => editNdc(kind, body),
    // The dialog shows the rules' texts and "changed by someone else" itself.
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.containerEntity) }),
      ]),
  });
}

export function useEditNdc(kind: LineItemKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(editNdcMutationOptions(kind, queryClient));
}
