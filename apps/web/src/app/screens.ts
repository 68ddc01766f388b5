import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '../config/paths.ts';

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code ahead of navigation (sidebar hover, after login). */
  preload: () => Promise<unknown>;
};

/**
 * A screen in its own chunk, so the first load carries only the shell and the login screen. A
 * screen shared by the two kinds of an area (standard and Yellow Bucket) is given its kind here.
 */
function lazyScreen<M, P extends object = Record<string, never>>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, props?: P): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        const Screen = pick(module);
        return { default: props ? () => createElement(Screen, props) : (Screen as ComponentType) };
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk download may succeed on the next try
        throw error;
      },
    ));
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

const containers = () => import('../features/containers/components/containers-screen.tsx');
const containerView = () => import('../features/containers/components/container-view.tsx');
const containerEdit = () => import('../features/containers/components/container-edit.tsx');
const lineItems = () => import('../features/line-items/components/line-items-screen.tsx');
const lineItemView = () => import('../features/line-items/components/line-item-view.tsx');

export type ScreenRouteName = Exclude<RouteName, 'login' | 'not-found'>;

/** Every screen of the signed-in area, by route name. */
export const SCREENS: { [N in ScreenRouteName]: LazyScreen } = {
  home: lazyScreen(() => import('../features/home/components/home-screen.tsx'), (m) => m.HomeScreen),
  companies: lazyScreen(() => import('../features/companies/components/companies-screen.tsx'), (m) => m.CompaniesScreen),
  company: lazyScreen(() => import('../features/companies/components/company-screen.tsx'), (m) => m.CompanyScreen),
  registrations: lazyScreen(
    () => import('../features/registrations/components/registrations-screen.tsx'),
    (m) => m.RegistrationsScreen,
  ),
  registration: lazyScreen(
    () => import('../features/registrations/components/registration-screen.tsx'),
    (m) => m.RegistrationScreen,
  ),
  jobs: lazyScreen(() => import('../features/jobs/components/jobs-screen.tsx'), (m) => m.JobsScreen),
  'job-view': lazyScreen(() => import('../features/jobs/components/job-view-screen.tsx'), (m) => m.JobViewScreen),
  'job-edit': lazyScreen(() => import('../features/jobs/components/job-edit-screen.tsx'), (m) => m.JobEditScreen),
  containers: lazyScreen(containers, (m) => m.ContainersScreen, { kind: 'standard' }),
  'container-view': lazyScreen(containerView, (m) => m.ContainerView, { kind: 'standard' }),
  'container-edit': lazyScreen(containerEdit, (m) => m.ContainerEdit, { kind: 'standard' }),
  'yb-containers': lazyScreen(containers, (m) => m.ContainersScreen, { kind: 'yellow-bucket' }),
  'yb-container-view': lazyScreen(containerView, (m) => m.ContainerView, { kind: 'yellow-bucket' }),
  'yb-container-edit': lazyScreen(containerEdit, (m) => m.ContainerEdit, { kind: 'yellow-bucket' }),
  'line-items': lazyScreen(lineItems, (m) => m.LineItemsScreen, { kind: 'standard' }),
  'line-item-view': lazyScreen(lineItemView, (m) => m.LineItemView, { kind: 'standard' }),
  // The edit route is the view with its form open; entered only from the view (spec 2 §2).
  'line-item-edit': lazyScreen(lineItemView, (m) => m.LineItemView, { kind: 'standard', editing: true }),
  'yb-line-items': lazyScreen(lineItems, (m) => m.LineItemsScreen, { kind: 'yellow-bucket' }),
  'yb-line-item-view': lazyScreen(lineItemView, (m) => m.LineItemView, { kind: 'yellow-bucket' }),
  'yb-line-item-edit': lazyScreen(lineItemView, (m) => m.LineItemView, { kind: 'yellow-bucket', editing: true }),
  dictionaries: lazyScreen(
    () => import('../features/dictionary/components/dictionaries-screen.tsx'),
    (m) => m.DictionariesScreen,
  ),
  dictionary: lazyScreen(
    () => import('../features/dictionary/components/dictionary-screen.tsx'),
    (m) => m.DictionaryScreen,
  ),
  reports: lazyScreen(() => import('../features/reports/components/reports-screen.tsx'), (m) => m.ReportsScreen),
  'on-hand': lazyScreen(() => import('../features/reports/components/on-hand-screen.tsx'), (m) => m.OnHandScreen),
  users: lazyScreen(() => import('../features/users/components/users-screen.tsx'), (m) => m.UsersScreen),
  settings: lazyScreen(() => import('../features/settings/components/settings-screen.tsx'), (m) => m.SettingsScreen),
};
