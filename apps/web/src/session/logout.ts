import { MESSAGES } from '@3ds/domain';
import { showAlert } from '../lib/alert-store.ts';
import { api } from '../lib/api-client.ts';
import { endSession } from '../lib/end-session.ts';

/** How long logout waits for the server before signing out locally anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

/** POST /3ds/api/logout: revokes the session on the server. Its answer is not used. */
export function postLogout(signal?: AbortSignal): Promise<unknown> {
  return api.post('/logout', undefined, { signal, endSessionOnUnauthorized: false });
}

let pending: Promise<void> | null = null;

/**
 * Logout (spec 1 "Session and idle"): tell the server, then — whether or not that worked — say
 * "You have successfully logged out", forget the token and go to the login screen.
 */
export function logout(): Promise<void> {
  pending ??= (async () => {
    try {
      await postLogout(AbortSignal.timeout(LOGOUT_TIMEOUT_MS));
    } catch {
      // The spec ignores the result: an expired or already revoked session is still logged out.
    }
    showAlert({ type: 'SUCCESS', message: MESSAGES.loggedOut });
    await endSession();
  })().finally(() => {
    pending = null;
  });
  return pending;
}
