import type { EntityName } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { UnexpectedAnswerError } from './record-shapes.ts';

/**
 * `/3ds/api/list-columns/{entity}` — the columns the user hides on a list, kept on the server per
 * user and list (the column chooser). A change shows at once and is saved behind it; a refusal puts
 * back what the server keeps, and the app's error handler says why.
 */
export const listColumnsKeys = {
  all: ['list-columns'] as const,
  list: (entity: EntityName) => ['list-columns', entity] as const,
};

function hiddenFrom(body: unknown): string[] {
  const hidden = (body as { hidden?: unknown } | null)?.hidden;
  if (!Array.isArray(hidden) || hidden.some((field) => typeof field !== 'string')) {
    throw new UnexpectedAnswerError("The server's answer has an unexpected shape (hidden columns).");
  }
  return hidden as string[];
}

export async function getHiddenColumns(entity: EntityName, signal?: AbortSignal): Promise<string[]> {
  return hiddenFrom(await api.get(`/list-columns/${entity}`, { signal }));
}

export async function chooseHiddenColumns({ entity, hidden }: { entity: EntityName; hidden: string[] }): Promise<string[]> {
  return hiddenFrom(await api.put(`/list-columns/${entity}`, { hidden }));
}

export const hiddenColumnsQueryOptions = (entity: EntityName) =>
  queryOptions({ queryKey: listColumnsKeys.list(entity), queryFn: ({ signal }) => getHiddenColumns(entity, signal), staleTime: 5 * 60_000 });

export function useHiddenColumns(entity: EntityName) {
  return useQuery(hiddenColumnsQueryOptions(entity));
}

export function chooseHiddenColumnsMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['list-columns', 'choose'],
    mutationFn: chooseHiddenColumns,
    onMutate: async ({ entity, hidden }) => {
      const key = listColumnsKeys.list(entity);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData(key, hidden);
      return { before };
    },
    onError: (_error, { entity }, context) => {
      if (context?.before) queryClient.setQueryData(listColumnsKeys.list(entity), context.before);
    },
    onSuccess: (kept, { entity }) => queryClient.setQueryData(listColumnsKeys.list(entity), kept),
  });
}

export function useChooseHiddenColumns() {
  return useMutation(chooseHiddenColumnsMutationOptions(useQueryClient()));
}
