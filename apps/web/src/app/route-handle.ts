import { useMatches } from 'react-router';
import { isRouteName, type RouteName } from '../config/paths.ts';

/** What every named route carries in its `handle`. */
export interface RouteHandle {
  name: RouteName;
}

export function routeHandle(name: RouteName): RouteHandle {
  return { name };
}

/** The name of the deepest matched named route (e.g. `line-item-edit`), if any. */
export function useCurrentRouteName(): RouteName | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined;
    if (isRouteName(handle?.name)) return handle.name;
  }
  return null;
}
