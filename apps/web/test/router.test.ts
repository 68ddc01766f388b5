import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../src/app/router.tsx';
import { ROUTES, type RouteName } from '../src/config/paths.ts';
import { SCREENS } from '../src/app/screens.ts';
import { sidebarLinksFor } from '../src/app/shell/app-navbar.tsx';

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

  it('loads every screen of the signed-in area lazily, Users included, so the login bundle stays small', () => {
    const signedIn = appRoutes[0]!.children!.find((route) => route.id === 'signed-in')!;
    const screens = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [...(route.handle ? [route] : []), ...screens(route.children ?? [])]);
    const routes = screens(signedIn.children ?? []);
    expect(routes.map((route) => route.id).sort()).toEqual(Object.keys(SCREENS).sort());
    for (const route of routes) {
      // The router loads the screen's code (no component in the route table itself).
      expect(route.Component ?? route.element).toBeUndefined();
      expect((route.lazy as { Component?: unknown } | undefined)?.Component, route.id).toBeTypeOf('function');
    }
    expect(Object.keys(SCREENS)).toContain('users');
  });

  it("starts reading each list's page and each record as the navigation begins, beside the screen's code", () => {
    const reads = Object.fromEntries(Object.entries(SCREENS).flatMap(([name, screen]) => (screen.reads ? [[name, screen.reads]] : [])));
    expect(reads).toMatchObject({
      companies: { list: 'companies' },
      'company-view': { record: 'companies' },
      jobs: { list: 'jobs' },
      'job-view': { record: 'jobs' },
      'line-items': { list: 'line-items' },
      'yb-line-item-view': { record: 'yb-line-items' },
      dictionaries: { list: 'dictionaries' },
    });
    const listRoutes = ['companies', 'registrations', 'jobs', 'containers', 'yb-containers', 'line-items', 'yb-line-items', 'dictionaries'];
    for (const name of listRoutes) expect(reads[name], name).toEqual({ list: name });
    const signedIn = appRoutes[0]!.children!.find((route) => route.id === 'signed-in')!;
    const withLoader = (routes: RouteObject[]): string[] => routes.flatMap((route) => [...(route.loader && route.handle ? [route.id!] : []), ...withLoader(route.children ?? [])]);
    expect(withLoader(signedIn.children ?? []).sort()).toEqual(Object.keys(reads).sort());
  });
});

describe('sidebar', () => {
  const labels = (privileges: readonly string[] | undefined) => sidebarLinksFor(privileges).map((link) => link.label);

  it('shows Users only to holders of MANAGE_USERS, after the spec\'s links', () => {
    expect(labels(['MANAGE_USERS']).at(-1)).toBe('Users');
    expect(labels(['CREATE_JOB', 'MANAGE_USERS'])).toContain('Users');
    expect(labels([])).not.toContain('Users');
    expect(labels(['CREATE_JOB', 'LOCK_JOB'])).not.toContain('Users');
    expect(labels(undefined)).not.toContain('Users');
  });

  it('shows Home, the spec\'s links and On Hand to everyone', () => {
    expect(labels([])).toEqual([
      'Home', 'Companies', 'Registrations', 'Jobs', 'Form 222s', 'Losses', 'Containers', 'Line Items', 'Yellow Bucket', 'Yellow Bucket Line Items', 'Dictionary', 'On Hand', 'Reports',
    ]);
  });
});
