import { useMemo, useSyncExternalStore } from 'react';
import type { Action } from '@3ds/domain';
import { sessionFromToken, sessionMayPerform, type Session } from './session.ts';
import { getToken, getTokenReceivedAt, subscribeToken } from '../lib/token-store.ts';

/** The signed-in user (username, privileges, parent organisation), or null when signed out. */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  return useMemo(() => sessionFromToken(token, getTokenReceivedAt()), [token]);
}

/**
 * Whether the signed-in user's privileges allow an action of the permission table — for hiding
 * controls; the server checks the same table.
 */
export function useMayPerform(action: Action): boolean {
  return sessionMayPerform(useSession(), action);
}
