import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../list-screen/api/list-records.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';
import { ndcLookupQueryOptions, type NdcLookup } from './ndc-lookup.ts';

/**
 * Adds a line item with a chosen NDC to the container: the NDC lookup (ndc-lookup.ts) for the
 * pack size and UoM the dictionary knows, then `POST /3ds/api/{line-item|yb-line-item}/new` with
 * pack quantity 1 and percent fill 1 (spec 2 §2 "A new line item starts with percent fill 1").
 * The full line item form refines it on the line item's own screen.
 */
export interface NewLineItemBody {
  containerId: number;
  ndc: string;
  packQuantity: number;
  packSize: number | string;
  packSizeUoM: string;
  percentFill: number;
}

/** The creation payload: the lookup's pack size and UoM, or 1 and U when the dictionary has none. */
export function newLineItemBody(containerId: string, ndc: string, lookup: NdcLookup): NewLineItemBody {
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

export interface CreateLineItemRequest {
  containerId: string;
  ndc: string;
}

export async function createLineItem(
  kind: ContainerKindConfig,
  { containerId, ndc }: CreateLineItemRequest,
  queryClient: QueryClient,
): Promise<{ recordId: string }> {
  const lookup = await queryClient.fetchQuery(ndcLookupQueryOptions(ndc));
  const body = (await api.post(`/${kind.lineItemApi}/new`, newLineItemBody(containerId, ndc, lookup))) as { recordId?: unknown } | undefined;
  const recordId = body?.recordId;
  if (typeof recordId !== 'string' && typeof recordId !== 'number') throw new Error('The server did not say which line item it created.');
  return { recordId: String(recordId) };
}

export function createLineItemMutationOptions(kind: ContainerKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.lineItemEntity, 'create'],
    mutationFn: (request: CreateLineItemRequest) => createLineItem(kind, request, queryClient),
    // The dialog shows the server's messages (the new-line-item rules as a warning list).
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.lineItemEntity) }),
      ]),
  });
}

export function useCreateLineItem(kind: ContainerKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(createLineItemMutationOptions(kind, queryClient));
}
