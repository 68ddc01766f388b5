/**
 * The route table (spec 1 §2, spec 2 §2): every screen has a name and a path below the router's
 * basename (/3ds). Links and redirects are made by name with `routePath()`, never by hand.
 *
 * This module is pure data on purpose: every layer (lib, session, components, features) imports it
 * to build links, so it lives in config/, the bottom layer, and must not import screens, the router
 * or anything with side effects. A record kind's routes, titles and sections come from its definition
 * in @3ds/domain (record-kinds.ts); the rest are written here.
 */
import { ENTITIES, RECORD_KINDS, type EntityName, type RecordScreen } from '@3ds/domain';

type Kinds = typeof RECORD_KINDS;
type HasScreen<E extends EntityName, S extends RecordScreen> = S extends Kinds[E]['screens'][number] ? true : false;
/** A record kind's routes (record-kinds.ts): its list, and `{singular}-view` and `-edit` where it has them. */
type KindRoutes<E extends EntityName> = E extends EntityName
  ?
      | [E, `/${E}`]
      | (HasScreen<E, 'view'> extends true ? [`${Kinds[E]['singular']}-view`, `/${Kinds[E]['singular']}/:id`] : never)
      | (HasScreen<E, 'edit'> extends true ? [`${Kinds[E]['singular']}-edit`, `/${Kinds[E]['singular']}/:id/edit`] : never)
  : never;
type RecordRoutes = { [R in KindRoutes<EntityName> as R[0]]: R[1] };
type RecordRouteName = keyof RecordRoutes;

/** What each route of a record kind shows, and of which entity. */
const RECORD_ROUTE_SCREENS = new Map<string, { entity: EntityName; screen: RecordScreen }>(
  ENTITIES.flatMap((entity) => {
    const { singular, screens } = RECORD_KINDS[entity];
    return (screens as readonly RecordScreen[]).map((screen) => [screen === 'list' ? entity : `${singular}-${screen}`, { entity, screen }] as const);
  }),
);

function recordRoutes(): RecordRoutes {
  const paths = { list: (_: string, entity: string) => `/${entity}`, view: (singular: string) => `/${singular}/:id`, edit: (singular: string) => `/${singular}/:id/edit` };
  return Object.fromEntries(
    [...RECORD_ROUTE_SCREENS].map(([name, { entity, screen }]) => [name, paths[screen](RECORD_KINDS[entity].singular, entity)]),
  ) as RecordRoutes;
}

export const ROUTES = {
  login: '/',
  home: '/home',
  ...recordRoutes(),
  reports: '/reports',
  'on-hand': '/on-hand',
  users: '/users',
  settings: '/settings',
  'not-found': '/not-found',
} as const;

/** The record kind a route shows (its list, one record, its edit form), if it is a record kind's. */
export function recordRouteOf(name: RouteName): { entity: EntityName; screen: RecordScreen } | undefined {
  return RECORD_ROUTE_SCREENS.get(name);
}

/** A record kind's route: `recordRoute('yb-containers', 'view')` is `'yb-container-view'`. */
export function recordRoute(entity: EntityName, screen: RecordScreen): RouteName {
  return (screen === 'list' ? entity : `${RECORD_KINDS[entity].singular}-${screen}`) as RouteName;
}

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

const TITLES: { [N in Exclude<RouteName, RecordRouteName>]: string } = {
  login: 'Login',
  home: 'Home',
  reports: 'Reports',
  'on-hand': 'On Hand',
  users: 'Users',
  settings: 'Settings',
  'not-found': 'Resource Not Found',
};

function titleOf(name: RouteName): string {
  const record = recordRouteOf(name);
  if (!record) return TITLES[name as keyof typeof TITLES];
  const { title, recordTitle } = RECORD_KINDS[record.entity];
  return { list: title, view: `${recordTitle} {id}`, edit: `Edit ${recordTitle} {id}` }[record.screen];
}

/** The default title of a route (used for the document title), with its params filled in. */
export function routeTitle(name: RouteName, params: Readonly<Record<string, string | undefined>> = {}): string {
  return titleOf(name).replace(/\{(\w+)\}/g, (_match, key: string) => params[key] ?? '').trim();
}

/** The sidebar section a route belongs to: the list screen of its area. */
const SECTIONS: { [N in Exclude<RouteName, RecordRouteName>]: RouteName | null } = {
  login: null,
  home: 'home',
  reports: 'reports',
  'on-hand': 'on-hand',
  users: 'users',
  settings: 'settings',
  'not-found': null,
};

export function sectionOf(name: RouteName): RouteName | null {
  const record = recordRouteOf(name);
  return record ? record.entity : SECTIONS[name as keyof typeof SECTIONS];
}

/** Where a signed-in user lands when no other destination was remembered: the day's work. */
export const HOME_ROUTE = 'home' satisfies RouteName;
