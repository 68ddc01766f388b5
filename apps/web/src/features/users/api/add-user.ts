import type { NewUserRequest, UserAccount } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountFrom, usersKeys } from './list-users.ts';

/**
 * `POST /3ds/api/users` — a new account (201 with it). Refusals (400 rule, 403, 409 username
 * taken) are shown in the Add user dialog, which keeps what was typed.
 */
export async function addUser(request: NewUserRequest): Promise<UserAccount> {
  return accountFrom(await api.post('/users', request));
}

export function addUserMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['users', 'add'],
    mutationFn: addUser,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useAddUser() {
  return useMutation(addUserMutationOptions(useQueryClient()));
}
