import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page/page-loader.tsx';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { ENTITIES, RECORD_KINDS, type RecordScreen } from '@3ds/domain';
import { HOME_ROUTE, recordRoute, ROUTES } from '../config/paths.ts';
import { BASENAME } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { redirectWhenSignedIn, requireSession } from '../session/route-guard.ts';
import { NotFoundScreen } from './not-found-screen.tsx';
import { RootLayout } from './root-layout.tsx';
import { routeHandle } from './route-handle.ts';
import { RootErrorBoundary, ScreenErrorBoundary } from './route-error-screen.tsx';
import { prefetchScreenData } from './screen-data.ts';
import { preloadListCode, SCREENS, type ScreenRouteName } from './screens.ts';
import { AppShellLayout } from './shell/app-shell-layout.tsx';

/**
 * A named screen route. Its code is loaded by the router (`lazy`) before the navigation commits, so
 * the old screen stays, under the progress bar, until the new one can be drawn whole — no fallback
 * that would then hold the screen back. Its loader starts reading what the screen shows first
 * beside that code (screen-data.ts).
 */
function screen(name: ScreenRouteName, placement: { index: true } | { path: string } = { path: ROUTES[name] }): RouteObject {
  const { load, reads } = SCREENS[name];
  return {
    id: name,
    ...placement,
    handle: routeHandle(name),
    ...(reads && {
      loader: ({ params, request }: LoaderFunctionArgs) => {
        prefetchScreenData(queryClient, reads, params, new URL(request.url));
        return null;
      },
    }),
    lazy: {
      Component: async () => {
        const Screen = await load();
        // Whatever a screen loads later on its own (a dialog's code) waits in its place.
        return function LoadedScreen() {
          return (
            <Suspense fallback={<PageLoader />}>
              <Screen />
            </Suspense>
          );
        };
      },
    },
    ErrorBoundary: ScreenErrorBoundary,
  };
}

/**
 * A record route with a view (its index, as the spec's "empty child path") and an edit child,
 * so that a later edit screen may render over its view.
 */
function recordRoutes(id: string, view: ScreenRouteName, edit: ScreenRouteName): RouteObject {
  return { id, path: ROUTES[view], children: [screen(view, { index: true }), screen(edit)] };
}

/** Every record kind's screens (record-kinds.ts in @3ds/domain): its list, its record, and the record's edit form. */
function recordKindRoutes(): RouteObject[] {
  return ENTITIES.flatMap((entity) => {
    const { singular, screens } = RECORD_KINDS[entity];
    const has = (name: RecordScreen) => (screens as readonly RecordScreen[]).includes(name);
    const list = screen(recordRoute(entity, 'list') as ScreenRouteName);
    if (!has('view')) return [list];
    const view = recordRoute(entity, 'view') as ScreenRouteName;
    return [list, has('edit') ? recordRoutes(singular, view, recordRoute(entity, 'edit') as ScreenRouteName) : screen(view)];
  });
}

/** Fetches the landing screen's code while the server checks the password of a login, then the lists'. */
function preloadLanding(): void {
  void SCREENS[HOME_ROUTE].load().then(preloadListCode, () => undefined);
}

/** The route tree; every path comes from the route table (config/paths.ts). */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: () => null,
    children: [
      {
        id: 'login',
        path: ROUTES.login,
        handle: routeHandle('login'),
        loader: redirectWhenSignedIn,
        element: <LoginScreen onSubmitting={preloadLanding} />,
      },
      {
        // The signed-in area. The guard runs on every navigation, so a session that ended in
        // another tab is noticed on the next click.
        id: 'signed-in',
        loader: requireSession,
        shouldRevalidate: () => true,
        Component: AppShellLayout,
        children: [
          screen('home'),
          ...recordKindRoutes(),
          screen('reports'),
          screen('on-hand'),
          screen('users'),
          screen('settings'),
        ],
      },
      { id: 'not-found', path: ROUTES['not-found'], handle: routeHandle('not-found'), Component: NotFoundScreen },
      { id: 'unknown', path: '*', handle: routeHandle('not-found'), Component: NotFoundScreen },
    ],
  },
];

export function createAppRouter() {
  // `/3ds/` rather than `/3ds`, so that the login screen's address is /3ds/ — the one the server
  // serves, the one people bookmark.
  return createBrowserRouter(appRoutes, { basename: `${BASENAME}/` });
}
