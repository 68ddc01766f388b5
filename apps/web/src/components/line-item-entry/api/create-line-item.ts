import { createdRecordSchema, type LineItemEntryInput } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import type { NdcLookup } from '../ndc-lookup-shape.ts';

/**
 * `POST /3ds/api/{line-item|yb-line-item}/new` — a new line item in a container (spec 2 §2, §3, §7)
 * → `{ recordId }`; the caller opens it. The one creation call of the app: a container's Add Line
 * Item and the line item form's new and duplicate modes.
 */

/** Where a new line item goes: its kind's route and the lists that show it and its container. */
export interface LineItemTarget {
  apiSingular: 'line-item' | 'yb-line-item';
  entity: 'line-items' | 'yb-line-items';
  containerEntity: 'containers' | 'yb-containers';
}

/**
 * The creation payload (spec 2 §3 "Line item creation payload"): the container, the NDC and the
 * entered fields given (the expiration date MM/DD/YYYY), as the server's schema reads them.
 */
export type NewLineItemBody = LineItemEntryInput & { containerId: number; ndc: string };

/**
 * A line item added to a container straight from its NDC: the dictionary's pack size and UoM (1 and
 * U when it has none), a pack quantity of 1 and a fill of 1 (spec 2 §2 "A new line item starts with
 * percent fill 1"); the form on its own screen completes it.
 */
export function quickLineItemBody(containerId: string, ndc: string, lookup: Pick<NdcLookup, 'packSizeLookup' | 'packSizeUoMLookup'>): NewLineItemBody {
  const size = lookup.packSizeLookup;
  const uom = lookup.packSizeUoMLookup?.trim();
  return {
    containerId: Number(containerId),
    ndc,
    packQuantity: 1,
    packSize: size === null || size === '' ? 1 : size,
    packSizeUoM: uom ? uom : 'U',
    percentFill: 1,
  };
}

export async function createLineItem(target: LineItemTarget, body: NewLineItemBody): Promise<{ recordId: string }> {
  const { recordId } = readAnswer(createdRecordSchema, await api.post<unknown>(`/${target.apiSingular}/new`, body), 'new line item');
  return { recordId };
}

export function createLineItemMutationOptions(target: LineItemTarget, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', target.entity, 'create'],
    mutationFn: (body: NewLineItemBody) => createLineItem(target, body),
    // The dialog or form shows the server's messages (the new-line-item rules as a warning list).
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(target.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(target.containerEntity) }),
      ]),
  });
}

export function useCreateLineItem(target: LineItemTarget) {
  const queryClient = useQueryClient();
  return useMutation(createLineItemMutationOptions(target, queryClient));
}
