import { localStore } from './browser-storage.ts';

/** Where the session token lives (spec 1 §4: "token held client-side … in local storage"). */
export const TOKEN_STORAGE_KEY = 'token';
/**
 * When this browser received the token (ms since epoch). Expiry is judged as received-at plus the
 * token's lifetime (`exp - iat`), so a client clock that is off does not end sessions early.
 */
export const TOKEN_RECEIVED_AT_KEY = 'token.receivedAt';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out (or storage was cleared): follow it.
  if (event.key === null || event.key === TOKEN_STORAGE_KEY) emit();
}

export function getToken(): string | null {
  return localStore.get(TOKEN_STORAGE_KEY) || null;
}

export function getTokenReceivedAt(): number | null {
  const raw = Number(localStore.get(TOKEN_RECEIVED_AT_KEY));
  return Number.isFinite(raw) && raw > 0 ? raw : null;
}

export function setToken(token: string, receivedAt: number = Date.now()): void {
  localStore.set(TOKEN_STORAGE_KEY, token);
  localStore.set(TOKEN_RECEIVED_AT_KEY, String(receivedAt));
  emit();
}

export function clearToken(): void {
  localStore.remove(TOKEN_STORAGE_KEY);
  localStore.remove(TOKEN_RECEIVED_AT_KEY);
  emit();
}

/** For `useSyncExternalStore`: notifies on changes from this tab and from other tabs. */
export function subscribeToken(listener: () => void): () => void {
  if (listeners.size === 0) globalThis.addEventListener?.('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
  };
}
