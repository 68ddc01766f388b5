import { userAccountSchema, userListSchema, type UserAccount } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readAnswer } from '../../../lib/answer-shape.ts';
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
  return readAnswer(userListSchema, await api.get('/users', { signal }), 'users').users;
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

/** The account the change routes answer, read by the contract. */
export function accountFrom(body: unknown): UserAccount {
  return readAnswer(userAccountSchema, body, 'user account');
}
