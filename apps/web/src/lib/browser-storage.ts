/**
 * Web Storage that never throws: storage can be disabled, full, or missing (private windows,
 * embedded browsers, unit tests). Losing a stored value must never break the app.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): SafeStorage {
  const storage = (): Storage | undefined => {
    try {
      return globalThis[kind] ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        storage()?.setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: the value is simply not kept.
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing to remove when storage is unavailable.
      }
    },
  };
}

export const localStore = safeStorage('localStorage');
export const sessionStore = safeStorage('sessionStorage');
