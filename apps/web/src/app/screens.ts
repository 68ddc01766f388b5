import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from './routes.ts';

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code ahead of navigation (sidebar hover, after login). */
  preload: () => Promise<unknown>;
};

/** A screen in its own chunk, so the first load carries only the shell and the login screen. */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        loading = undefined; // a failed chunk download may succeed on the next try
        throw error;
      },
    ));
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

export type ScreenRouteName = Exclude<RouteName, 'login' | 'not-found'>;

/** Every screen of the signed-in area, by route name. */
export const SCREENS: { [N in ScreenRouteName]: LazyScreen } = {
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
  containers: lazyScreen(
    () => import('../features/containers/components/containers-screen.tsx'),
    (m) => m.ContainersScreen,
  ),
  'container-view': lazyScreen(
    () => import('../features/containers/components/container-view-screen.tsx'),
    (m) => m.ContainerViewScreen,
  ),
  'container-edit': lazyScreen(
    () => import('../features/containers/components/container-edit-screen.tsx'),
    (m) => m.ContainerEditScreen,
  ),
  'yb-containers': lazyScreen(
    () => import('../features/yb-containers/components/yb-containers-screen.tsx'),
    (m) => m.YbContainersScreen,
  ),
  'yb-container-view': lazyScreen(
    () => import('../features/yb-containers/components/yb-container-view-screen.tsx'),
    (m) => m.YbContainerViewScreen,
  ),
  'yb-container-edit': lazyScreen(
    () => import('../features/yb-containers/components/yb-container-edit-screen.tsx'),
    (m) => m.YbContainerEditScreen,
  ),
  'line-items': lazyScreen(
    () => import('../features/line-items/components/line-items-screen.tsx'),
    (m) => m.LineItemsScreen,
  ),
  'line-item-view': lazyScreen(
    () => import('../features/line-items/components/line-item-view-screen.tsx'),
    (m) => m.LineItemViewScreen,
  ),
  'line-item-edit': lazyScreen(
    () => import('../features/line-items/components/line-item-edit-screen.tsx'),
    (m) => m.LineItemEditScreen,
  ),
  'yb-line-items': lazyScreen(
    () => import('../features/yb-line-items/components/yb-line-items-screen.tsx'),
    (m) => m.YbLineItemsScreen,
  ),
  'yb-line-item-view': lazyScreen(
    () => import('../features/yb-line-items/components/yb-line-item-view-screen.tsx'),
    (m) => m.YbLineItemViewScreen,
  ),
  'yb-line-item-edit': lazyScreen(
    () => import('../features/yb-line-items/components/yb-line-item-edit-screen.tsx'),
    (m) => m.YbLineItemEditScreen,
  ),
  dictionaries: lazyScreen(
    () => import('../features/dictionary/components/dictionaries-screen.tsx'),
    (m) => m.DictionariesScreen,
  ),
  dictionary: lazyScreen(
    () => import('../features/dictionary/components/dictionary-screen.tsx'),
    (m) => m.DictionaryScreen,
  ),
  reports: lazyScreen(() => import('../features/reports/components/reports-screen.tsx'), (m) => m.ReportsScreen),
  users: lazyScreen(() => import('../features/users/components/users-screen.tsx'), (m) => m.UsersScreen),
};
