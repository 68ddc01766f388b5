import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InventoryDifferences } from '@3ds/domain';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { UnexpectedAnswerError } from '../../../lib/answer-shape.ts';
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
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new UnexpectedAnswerError('The inventory answer has an unexpected shape');
  return data.map((row) => {
    const f = (row as { fieldData?: Record<string, unknown> }).fieldData ?? {};
    if (typeof f.Container !== 'string' || typeof f['Container Xlsx'] !== 'string' || typeof f['As Of'] !== 'string') {
      throw new UnexpectedAnswerError('The inventory answer has an unexpected shape');
    }
    return {
      id: String((row as { recordId?: unknown }).recordId),
      asOf: f['As Of'],
      lineItems: Number(f['Line Items'] ?? 0),
      createdBy: String(f['Created By'] ?? ''),
      createdAt: String(f['Created At'] ?? ''),
      reconstructed: String(f.Reconstructed ?? ''),
      pdfHref: downloadHref(f.Container),
      xlsxHref: downloadHref(f['Container Xlsx']),
      fileName: String(f['File Name'] ?? 'inventory.pdf'),
    };
  });
}

export async function takeInventory(asOf: string): Promise<KeptInventory> {
  const [taken] = parseInventories(await api.post('/reports/inventory', { asOf: asOf.trim() }));
  if (!taken) throw new UnexpectedAnswerError('The inventory answer has no inventory');
  return taken;
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
  queryOptions({ queryKey: inventoryKeys.kept, queryFn: async ({ signal }) => parseInventories(await api.get<unknown>('/reports/inventory', { signal })) });

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
  const b = body as Partial<InventoryCheck> | null;
  if (!b || typeof b.known !== 'boolean' || typeof b.differences !== 'number' || !Array.isArray(b.notCounted) || !Array.isArray(b.noLongerOnHand) || !Array.isArray(b.changed)) {
    throw new UnexpectedAnswerError('The inventory differences answer has an unexpected shape');
  }
  return { known: b.known, differences: b.differences, notCounted: b.notCounted, noLongerOnHand: b.noLongerOnHand, changed: b.changed };
}

export function useInventoryCheck(id: string) {
  return useQuery(
    queryOptions({
      queryKey: inventoryDifferencesKeys.of(id),
      queryFn: async ({ signal }) => parseInventoryCheck(await api.get<unknown>(`/reports/inventory/${encodeURIComponent(id)}/differences`, { signal })),
    }),
  );
}
