import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';

/**
 * `GET /3ds/api/label/{id}` (Yellow Bucket: `/label/yb/{id}`) — makes the line item's label and
 * answers its link in `data[0].fieldData.GlobalContainer` (spec 2 §7), shown in a download dialog.
 * A mutation: every call prints a fresh label.
 */
export async function getLineItemLabel(kind: LineItemKindConfig, id: string): Promise<string> {
  return parseFileLink(await api.get(`${kind.labelPath}/${encodeURIComponent(id)}`), 'GlobalContainer');
}

export function lineItemLabelMutationOptions(kind: LineItemKindConfig) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'label'],
    mutationFn: (id: string) => getLineItemLabel(kind, id),
    meta: { failure: (id: string) => `The label of ${kind.noun.toLowerCase()} ${id} was not made` },
  });
}

export function useLineItemLabel(kind: LineItemKindConfig) {
  return useMutation(lineItemLabelMutationOptions(kind));
}
