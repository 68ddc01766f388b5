import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../src/app/router.tsx';
import { ROUTES, type RouteName } from '../src/app/routes.ts';

/** Every named route in the tree with the full path it answers to. */
function namedPaths(routes: RouteObject[], parent = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const route of routes) {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const name = (route.handle as { name?: RouteName } | undefined)?.name;
    if (name && route.path !== '*') found.set(name, path || '/');
    for (const [childName, childPath] of namedPaths(route.children ?? [], path)) found.set(childName, childPath);
  }
  return found;
}

describe('router', () => {
  it('mounts every named route at the path of the route table', () => {
    expect(Object.fromEntries(namedPaths(appRoutes))).toEqual(ROUTES);
  });

  it('guards every route but login and not-found', () => {
    const root = appRoutes[0]!;
    const signedIn = root.children!.find((route) => route.id === 'signed-in')!;
    const guarded = [...namedPaths(signedIn.children ?? []).keys()].sort();
    const all = Object.keys(ROUTES).filter((name) => name !== 'login' && name !== 'not-found').sort();
    expect(guarded).toEqual(all);
    expect(signedIn.loader).toBeTypeOf('function');
    expect(root.children!.some((route) => route.path === '*')).toBe(true);
  });
});
