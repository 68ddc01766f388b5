import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toAppPath } from '../../lib/navigation.ts';
import { isNavigationPending, pendingPath, subscribeNavigation } from '../../lib/navigation-progress.ts';

/** Shorter waits are not worth a flicker: the bar shows once something has taken this long. */
export const PROGRESS_DELAY_MS = 120;

/** A navigation is on its way to the screen (its code, its loaders). */
export function useNavigationPending(): boolean {
  return useSyncExternalStore(subscribeNavigation, isNavigationPending, () => false);
}

/** The app path a pending navigation goes to (`/line-items`, as `routePath` makes them), or null. */
export function usePendingPath(): string | null {
  const path = useSyncExternalStore(subscribeNavigation, pendingPath, () => null);
  return path === null ? null : toAppPath(path);
}

/**
 * Something the user waits for is loading: a navigation, or a read of what is (or is about to be)
 * on screen — a list page, a record, a refresh after a change.
 */
export function useLoading(): boolean {
  const navigating = useNavigationPending();
  const fetching = useIsFetching();
  return navigating || fetching > 0;
}

/** `busy`, once it has lasted PROGRESS_DELAY_MS; false at once when it ends. */
export function useDelayed(busy: boolean, delay = PROGRESS_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [busy, delay]);
  return busy && shown;
}
