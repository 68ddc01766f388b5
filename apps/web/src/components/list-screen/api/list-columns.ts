import type { EntityName } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { UnexpectedAnswerError } from '../../../lib/answer-shape.ts';

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

/** Choices made so far, per list: only the answer to the latest one may replace what is on screen. */
const latestChoice = new Map<EntityName, number>();

interface Choice {
  entity: EntityName;
  hidden: string[];
  /** Its number among the choices of this list (the latest is the one on screen). */
  choice: number;
}

export function chooseHiddenColumnsMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['list-columns', 'choose'],
    // One at a time, in the order they were made: the server keeps the last choice made.
    scope: { id: 'list-columns' },
    mutationFn: ({ entity, hidden }: Choice) => chooseHiddenColumns({ entity, hidden }),
    onError: (_error, { entity, choice }) => {
      // Refused: what the server keeps is read again (the app's error handler says why).
      if (choice === latestChoice.get(entity)) void queryClient.invalidateQueries({ queryKey: listColumnsKeys.list(entity) });
    },
    onSuccess: (kept, { entity, choice }) => {
      // An answer to an earlier choice must not undo a later one already on screen.
      if (choice === latestChoice.get(entity)) queryClient.setQueryData(listColumnsKeys.list(entity), kept);
    },
  });
}

/** Hides exactly these columns of a list: on screen at once, saved behind it. */
export function useChooseHiddenColumns() {
  const queryClient = useQueryClient();
  const mutation = useMutation(chooseHiddenColumnsMutationOptions(queryClient));
  return (entity: EntityName, hidden: string[]) => {
    const choice = (latestChoice.get(entity) ?? 0) + 1;
    latestChoice.set(entity, choice);
    void queryClient.cancelQueries({ queryKey: listColumnsKeys.list(entity) });
    queryClient.setQueryData(listColumnsKeys.list(entity), hidden);
    mutation.mutate({ entity, hidden, choice });
  };
}
