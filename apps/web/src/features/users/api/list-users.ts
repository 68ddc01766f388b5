import { userAccountSchema, userListSchema, type UserAccount } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnexpectedAnswerError } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /3ds/api/users` — every account with its privileges, state and last sign-in (MANAGE_USERS;
 * 403 otherwise). Every change on the Users screen invalidates `usersKeys.all`.
 */
export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
};

export async function listUsers(signal?: AbortSignal): Promise<UserAccount[]> {
  const parsed = userListSchema.safeParse(await api.get<unknown>('/users', { signal }));
  if (!parsed.success) throw new UnexpectedAnswerError("The server's answer has an unexpected shape (users).");
  return parsed.data.users;
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: usersKeys.list(),
    queryFn: ({ signal }) => listUsers(signal),
  });

/** Only asked when the user may manage accounts (`enabled`), so that no 403 is raised for nothing. */
export function useUsers(enabled = true) {
  return useQuery({ ...usersQueryOptions(), enabled });
}

/** The account the change routes answer, checked. */
export function accountFrom(body: unknown): UserAccount {
  const parsed = userAccountSchema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAnswerError("The server's answer has an unexpected shape (user account).");
  return parsed.data;
}
