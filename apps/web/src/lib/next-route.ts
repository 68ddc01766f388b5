import { sessionStore } from './browser-storage.ts';
import { routePath } from '../config/paths.ts';

/** The route a signed-out visitor wanted, kept for after login (per tab, like the original). */
export const NEXT_ROUTE_KEY = '3ds.nextRoute';

/** Only paths inside the app: no other origins (`//host`), no login or not-found page. */
export function isRememberablePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname !== routePath('login') && pathname !== routePath('not-found');
}

export function rememberNextRoute(path: string): void {
  if (isRememberablePath(path)) sessionStore.set(NEXT_ROUTE_KEY, path);
}

/** The remembered route, forgotten as it is read. */
export function takeNextRoute(): string | null {
  const path = sessionStore.get(NEXT_ROUTE_KEY);
  sessionStore.remove(NEXT_ROUTE_KEY);
  return path && isRememberablePath(path) ? path : null;
}
