import { loginResponseSchema, type LoginRequest } from '@3ds/domain';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { setToken } from '../lib/token-store.ts';

/** POST /3ds/api/login → `{ token }` (spec 1 §7). */
export async function postLogin(credentials: LoginRequest): Promise<{ token: string }> {
  const body = await api.post('/login', credentials, { auth: false });
  return loginResponseSchema.parse(body);
}

export function loginMutationOptions() {
  return mutationOptions({
    mutationKey: ['session', 'login'],
    mutationFn: async (credentials: LoginRequest) => {
      const { token } = await postLogin(credentials);
      setToken(token);
      return token;
    },
    // The login screen shows a failure as a WARNING with the server's message (spec 1 §8).
    meta: { handlesErrors: true },
  });
}

/** Signs in and keeps the token; the caller decides where to go next. */
export function useLogin() {
  return useMutation(loginMutationOptions());
}
