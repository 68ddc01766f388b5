import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { handleError } from './handle-error.ts';

export interface AppQueryMeta extends Record<string, unknown> {
  /** The caller shows its own message for failures; skip the global DANGER alert. */
  handlesErrors?: boolean;
  /**
   * What failed, in the screen's words, as the alert's title ("Job 12 was not locked"): a text, or
   * one made from the mutation's variables. Without it the alert is titled by the server's title or
   * the status, never by a bare HTTP title.
   */
  failure?: string | ((variables: never) => string);
}

/** The failure title of a query or mutation, from its meta and (for a mutation) its variables. */
export function failureTitle(meta: AppQueryMeta | undefined, variables?: unknown): string | undefined {
  const failure = meta?.failure;
  if (typeof failure === 'function') return (failure as (v: unknown) => string)(variables);
  return failure;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

/** Worth another try: the server was unreachable or briefly unavailable — never a 4xx. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) handleError(error, failureTitle(query.meta));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) handleError(error, failureTitle(mutation.meta, variables));
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isTransient(error) && failureCount < 2,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
