import { useMemo, useSyncExternalStore } from 'react';
import type { Privilege } from '@3ds/domain';
import { sessionFromToken, sessionHasPrivilege, type Session } from './session.ts';
import { getToken, getTokenReceivedAt, subscribeToken } from './token-store.ts';

/** The signed-in user (username, privileges, parent organisation), or null when signed out. */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  return useMemo(() => sessionFromToken(token, getTokenReceivedAt()), [token]);
}

/** Whether the signed-in user holds a privilege — for hiding actions; the server still decides. */
export function useHasPrivilege(privilege: Privilege): boolean {
  return sessionHasPrivilege(useSession(), privilege);
}
