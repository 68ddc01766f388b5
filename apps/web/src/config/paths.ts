/**
 * The route table (spec 1 §2, spec 2 §2): every screen has a name and a path below the router's
 * basename (/3ds). Links and redirects are made by name with `routePath()`, never by hand.
 *
 * This module is pure data on purpose: every layer (lib, session, components, features) imports it
 * to build links, so it lives in config/, the bottom layer, and must not import screens, the router
 * or anything with side effects.
 */
export const ROUTES = {
  login: '/',
  home: '/home',
  companies: '/companies',
  company: '/company/:id',
  registrations: '/registrations',
  registration: '/registration/:id',
  jobs: '/jobs',
  'job-view': '/job/:id',
  'job-edit': '/job/:id/edit',
  containers: '/containers',
  'container-view': '/container/:id',
  'container-edit': '/container/:id/edit',
  'yb-containers': '/yb-containers',
  'yb-container-view': '/yb-container/:id',
  'yb-container-edit': '/yb-container/:id/edit',
  'line-items': '/line-items',
  'line-item-view': '/line-item/:id',
  'line-item-edit': '/line-item/:id/edit',
  'yb-line-items': '/yb-line-items',
  'yb-line-item-view': '/yb-line-item/:id',
  'yb-line-item-edit': '/yb-line-item/:id/edit',
  dictionaries: '/dictionaries',
  dictionary: '/dictionary/:id',
  reports: '/reports',
  'on-hand': '/on-hand',
  users: '/users',
  settings: '/settings',
  'not-found': '/not-found',
} as const;

export type RouteName = keyof typeof ROUTES;

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && Object.hasOwn(ROUTES, value);
}

/** `'/job/:id/edit'` → `'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Routes without parameters (list screens, login, not-found). */
export type StaticRouteName = {
  [N in RouteName]: [ParamNames<(typeof ROUTES)[N]>] extends [never] ? N : never;
}[RouteName];

export type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof ROUTES)[N]>]: string | number };

export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

type RoutePathArgs<N extends RouteName> = [ParamNames<(typeof ROUTES)[N]>] extends [never]
  ? [params?: Record<string, never>, query?: RouteQuery]
  : [params: RouteParams<N>, query?: RouteQuery];

/**
 * The path of a named route, relative to the router basename — what `<Link to>` and `navigate()`
 * take. `routePath('container-edit', { id: 7 }, { new: true })` → `/container/7/edit?new=true`.
 */
export function routePath<N extends RouteName>(name: N, ...[params, query]: RoutePathArgs<N>): string {
  const values = params as Record<string, string | number> | undefined;
  const path = (ROUTES[name] as string).replace(/:([A-Za-z0-9_]+)/g, (_match, key: string) => {
    const value = values?.[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`routePath('${name}') needs the parameter '${key}'`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const TITLES: { [N in RouteName]: string } = {
  login: 'Login',
  home: 'Home',
  companies: 'Companies',
  company: 'Company {id}',
  registrations: 'Registrations',
  registration: 'Registration {id}',
  jobs: 'Jobs',
  'job-view': 'Job {id}',
  'job-edit': 'Edit Job {id}',
  containers: 'Containers',
  'container-view': 'Container {id}',
  'container-edit': 'Edit Container {id}',
  'yb-containers': 'Yellow Bucket Containers',
  'yb-container-view': 'Yellow Bucket Container {id}',
  'yb-container-edit': 'Edit Yellow Bucket Container {id}',
  'line-items': 'Line Items',
  'line-item-view': 'Line Item {id}',
  'line-item-edit': 'Edit Line Item {id}',
  'yb-line-items': 'Yellow Bucket Line Items',
  'yb-line-item-view': 'Yellow Bucket Line Item {id}',
  'yb-line-item-edit': 'Edit Yellow Bucket Line Item {id}',
  dictionaries: 'NDC Dictionary',
  dictionary: 'NDC Dictionary Entry {id}',
  reports: 'Reports',
  'on-hand': 'On Hand',
  users: 'Users',
  settings: 'Settings',
  'not-found': 'Resource Not Found',
};

/** The default title of a route (used for the document title), with its params filled in. */
export function routeTitle(name: RouteName, params: Readonly<Record<string, string | undefined>> = {}): string {
  return TITLES[name].replace(/\{(\w+)\}/g, (_match, key: string) => params[key] ?? '').trim();
}

/** The sidebar section a route belongs to: the list screen of its area. */
const SECTIONS: { [N in RouteName]: RouteName | null } = {
  login: null,
  home: 'home',
  companies: 'companies',
  company: 'companies',
  registrations: 'registrations',
  registration: 'registrations',
  jobs: 'jobs',
  'job-view': 'jobs',
  'job-edit': 'jobs',
  containers: 'containers',
  'container-view': 'containers',
  'container-edit': 'containers',
  'yb-containers': 'yb-containers',
  'yb-container-view': 'yb-containers',
  'yb-container-edit': 'yb-containers',
  'line-items': 'line-items',
  'line-item-view': 'line-items',
  'line-item-edit': 'line-items',
  'yb-line-items': 'yb-line-items',
  'yb-line-item-view': 'yb-line-items',
  'yb-line-item-edit': 'yb-line-items',
  dictionaries: 'dictionaries',
  dictionary: 'dictionaries',
  reports: 'reports',
  'on-hand': 'on-hand',
  users: 'users',
  settings: 'settings',
  'not-found': null,
};

export function sectionOf(name: RouteName): RouteName | null {
  return SECTIONS[name];
}

/** Where a signed-in user lands when no other destination was remembered: the day's work. */
export const HOME_ROUTE = 'home' satisfies RouteName;
