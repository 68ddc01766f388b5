import type { UserAccount, UserChanges } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountFrom, usersKeys } from './list-users.ts';

/**
 * `PATCH /3ds/api/users/{username}` — name, privileges, organisation or enabled state. The server
 * refuses (409) to leave no enabled holder of MANAGE_USERS and a user disabling themselves;
 * disabling or a privilege change ends the user's sessions.
 */
export interface ChangeUserRequest {
  username: string;
  changes: UserChanges;
}

export async function changeUser({ username, changes }: ChangeUserRequest): Promise<UserAccount> {
  return accountFrom(await api.patch(`/users/${encodeURIComponent(username)}`, changes));
}

export function changeUserMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['users', 'change'],
    mutationFn: changeUser,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useChangeUser() {
  return useMutation(changeUserMutationOptions(useQueryClient()));
}
