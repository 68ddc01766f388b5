import type { UserAccount } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountFrom, usersKeys } from './list-users.ts';

/** `POST /3ds/api/users/{username}/password` — a new password; the user's sessions end. */
export interface ResetPasswordRequest {
  username: string;
  password: string;
}

export async function resetPassword({ username, password }: ResetPasswordRequest): Promise<UserAccount> {
  return accountFrom(await api.post(`/users/${encodeURIComponent(username)}/password`, { password }));
}

export function resetPasswordMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['users', 'reset-password'],
    mutationFn: resetPassword,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions(useQueryClient()));
}
