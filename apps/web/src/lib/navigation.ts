/**
 * Navigation for code that runs outside React components (the API client on 401, logout).
 * The app registers its router here at start-up; until then a full page load is the fallback.
 */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => Promise<void> | void;

/** The router basename: `/3ds` (Vite's `base` without the trailing slash). */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

let navigator: AppNavigate | null = null;

export function setAppNavigator(navigate: AppNavigate | null): void {
  navigator = navigate;
}

/** Goes to an app path (relative to the basename, e.g. `/companies`). */
export function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  if (navigator) return Promise.resolve(navigator(to, options));
  globalThis.location?.assign(`${BASENAME}${to}`);
  return Promise.resolve();
}

/** A browser pathname (`/3ds/job/4`) as an app path (`/job/4`). */
export function toAppPath(pathname: string): string {
  if (BASENAME && (pathname === BASENAME || pathname.startsWith(`${BASENAME}/`))) {
    return pathname.slice(BASENAME.length) || '/';
  }
  return pathname;
}
