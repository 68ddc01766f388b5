import { savedFindSchema, savedFindsAnswerSchema, type EntityName, type SavedFindAnswer } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { parseFind, parseSort, type FindRequest, type SortSpec } from '../../../lib/records/list-state.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';

/**
 * `/3ds/api/saved-finds` — the user's own named finds of a list (quick find, find requests, sort).
 * Recalling one is going to the list with its state in the address (list-state.ts), so that
 * address is also the saved find's shareable link. Failures are shown by the app's error handler.
 */
export interface SavedFind {
  id: number;
  entity: EntityName;
  name: string;
  quick: string;
  find: FindRequest[];
  sort: SortSpec[];
}

export const savedFindsKeys = {
  all: ['saved-finds'] as const,
  list: (entity: EntityName) => ['saved-finds', entity] as const,
};

/** A saved find as the list keeps it: its find and sort read as the list reads its address. */
function savedFindOf({ id, entity, name, quickFind, requests, sort }: SavedFindAnswer): SavedFind {
  return { id, entity, name, quick: quickFind, find: parseFind(JSON.stringify(requests)), sort: parseSort(JSON.stringify(sort)) };
}

/** One saved find of the answer, read by the contract. */
export function savedFindFrom(body: unknown): SavedFind {
  return savedFindOf(readAnswer(savedFindSchema, body, 'saved find'));
}

export async function listSavedFinds(entity: EntityName, signal?: AbortSignal): Promise<SavedFind[]> {
  const body = await api.get('/saved-finds', { query: { entity }, signal });
  return readAnswer(savedFindsAnswerSchema, body, 'saved finds').savedFinds.map(savedFindOf);
}

export const savedFindsQueryOptions = (entity: EntityName) =>
  queryOptions({ queryKey: savedFindsKeys.list(entity), queryFn: ({ signal }) => listSavedFinds(entity, signal) });

export function useSavedFinds(entity: EntityName, enabled = true) {
  return useQuery({ ...savedFindsQueryOptions(entity), enabled });
}

export interface SaveFindRequest {
  entity: EntityName;
  name: string;
  quick: string;
  find: FindRequest[];
  sort: SortSpec[];
}

export async function saveFind({ entity, name, quick, find, sort }: SaveFindRequest): Promise<SavedFind> {
  const quickFind = quick.trim();
  return savedFindFrom(
    await api.post('/saved-finds', {
      entity,
      name: name.trim(),
      ...(quickFind ? { quickFind } : {}),
      ...(find.length > 0 ? { requests: find } : {}),
      ...(sort.length > 0 ? { sort } : {}),
    }),
  );
}

export async function renameSavedFind({ id, name }: { id: number; name: string }): Promise<SavedFind> {
  return savedFindFrom(await api.patch(`/saved-finds/${id}`, { name: name.trim() }));
}

export async function deleteSavedFind({ id }: { id: number }): Promise<void> {
  await api.delete(`/saved-finds/${id}`);
}

function invalidating<TVariables, TResult>(queryClient: QueryClient, key: string, mutationFn: (variables: TVariables) => Promise<TResult>, failure: string) {
  return mutationOptions({
    mutationKey: ['saved-finds', key],
    mutationFn,
    meta: { failure },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFindsKeys.all }),
  });
}

export function useSaveFind() {
  return useMutation(invalidating(useQueryClient(), 'save', saveFind, 'The find was not saved'));
}

export function useRenameSavedFind() {
  return useMutation(invalidating(useQueryClient(), 'rename', renameSavedFind, 'The saved find was not renamed'));
}

export function useDeleteSavedFind() {
  return useMutation(invalidating(useQueryClient(), 'delete', deleteSavedFind, 'The saved find was not deleted'));
}
