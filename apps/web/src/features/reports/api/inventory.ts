import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { inventoriesAnswerSchema, inventoryDifferencesAnswerSchema, type InventoryDifferences } from '@3ds/domain';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { readAnswer, unexpectedAnswer } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /3ds/api/reports/inventory { asOf }` — takes and keeps the inventory of the controlled
 * substances on hand as of `MM/DD/YYYY HH:MM` (a PDF and an xlsx); `GET /3ds/api/reports/inventory` —
 * every inventory kept, newest first.
 */
export interface KeptInventory {
  id: string;
  asOf: string;
  lineItems: number;
  createdBy: string;
  createdAt: string;
  /** "Reconstructed from the records on …" when made more than a day after its moment, else ''. */
  reconstructed: string;
  pdfHref: string;
  xlsxHref: string;
  fileName: string;
}

export const inventoryKeys = { kept: ['reports', 'inventory', 'kept'] as const };

export function parseInventories(body: unknown): KeptInventory[] {
  return readAnswer(inventoriesAnswerSchema, body, 'inventories').data.map(({ recordId, fieldData: f }) => ({
    id: recordId,
    asOf: f['As Of'],
    lineItems: f['Line Items'],
    createdBy: f['Created By'],
    createdAt: f['Created At'],
    reconstructed: f.Reconstructed,
    pdfHref: downloadHref(f.Container),
    xlsxHref: downloadHref(f['Container Xlsx']),
    fileName: f['File Name'],
  }));
}

export async function takeInventory(asOf: string): Promise<KeptInventory> {
  const [taken] = parseInventories(await api.post('/reports/inventory', { asOf: asOf.trim() }));
  return taken ?? unexpectedAnswer('data[0]');
}

export function takeInventoryMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['reports', 'inventory'],
    mutationFn: takeInventory,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.kept }),
  });
}

export function useTakeInventory() {
  const queryClient = useQueryClient();
  return useMutation(takeInventoryMutationOptions(queryClient));
}

export const inventoriesQueryOptions = () =>
  queryOptions({ queryKey: inventoryKeys.kept, queryFn: async ({ signal }) => parseInventories(await api.get('/reports/inventory', { signal })) });

export function useInventories() {
  return useQuery(inventoriesQueryOptions());
}

/**
 * `GET /3ds/api/reports/inventory/{id}/differences` — what differs between what the inventory counted
 * and what the records now say was on hand at its moment (the domain's InventoryDifferences).
 */
export interface InventoryCheck extends InventoryDifferences {
  known: boolean;
  differences: number;
}

/**
 * Under the records' keys: whether an inventory still matches follows the records, so any change to
 * them (a mutation, a live change) reads it again.
 */
export const inventoryDifferencesKeys = { of: (id: string) => ['records', 'inventory-differences', id] as const };

export function parseInventoryCheck(body: unknown): InventoryCheck {
  const { known, differences, notCounted, noLongerOnHand, changed } = readAnswer(inventoryDifferencesAnswerSchema, body, 'inventory differences');
  return { known, differences, notCounted, noLongerOnHand, changed };
}

export function useInventoryCheck(id: string) {
  return useQuery(
    queryOptions({
      queryKey: inventoryDifferencesKeys.of(id),
      queryFn: async ({ signal }) => parseInventoryCheck(await api.get(`/reports/inventory/${encodeURIComponent(id)}/differences`, { signal })),
    }),
  );
}
