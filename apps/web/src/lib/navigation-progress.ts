/**
 * Whether a navigation is still on its way to the screen. React Router renders a new screen in a
 * transition: while its code or data loads, the old screen stays up and nothing else says that the
 * click was taken. The router knows where it is going at once; the app knows what it has shown
 * (`markShown`, called by the root layout once a location is on screen). Between the two, the
 * navigation is pending — whatever held it up (a loader, a screen's code, a suspended read).
 */
export interface RouterStateLike {
  location: { key: string; pathname?: string };
  navigation: { state: string };
}

export interface RouterLike {
  state: RouterStateLike;
  subscribe: (listener: (state: RouterStateLike) => void) => () => void;
}

let target: { key: string; pathname: string; loading: boolean } | null = null;
let shown: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Follows the router's own state: where it is going, and whether its loaders still run. */
export function trackNavigation(router: RouterLike): () => void {
  const read = (state: RouterStateLike) => {
    target = { key: state.location.key, pathname: state.location.pathname ?? '', loading: state.navigation.state !== 'idle' };
    emit();
  };
  read(router.state);
  return router.subscribe(read);
}

/** The location with this key is on screen. */
export function markShown(locationKey: string): void {
  if (shown === locationKey) return;
  shown = locationKey;
  emit();
}

/** True from a navigation's start until its screen is shown. */
export function isNavigationPending(): boolean {
  if (!target) return false;
  return target.loading || target.key !== shown;
}

/** Where a pending navigation goes (the browser's path, e.g. `/3ds/line-items`), or null when none is pending. */
export function pendingPath(): string | null {
  return target && isNavigationPending() ? target.pathname : null;
}

export function subscribeNavigation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget everything. */
export function resetNavigationProgress(): void {
  target = null;
  shown = null;
  listeners.clear();
}
