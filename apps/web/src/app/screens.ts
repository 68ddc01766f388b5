import type { EntityName } from '@3ds/domain';
import { createElement, type ComponentType } from 'react';
import type { RouteName } from '../config/paths.ts';

/** What a screen reads first: a page of a list (its state in the address), or the record of its `:id`. */
export type ScreenReads = { list: EntityName } | { record: EntityName };

export interface Screen {
  /**
   * The screen's code, in a chunk of its own so that the first load carries only the shell and the
   * login screen. Loaded once: its route waits for it (router.tsx), the sidebar starts it on hover.
   */
  load: () => Promise<ComponentType>;
  /** What its route's loader starts reading beside its code (screen-data.ts). */
  reads?: ScreenReads;
}

/** A screen shared by the two kinds of an area (standard and Yellow Bucket) is given its kind here. */
function screenIn<M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  { props, reads }: { props?: P; reads?: ScreenReads } = {},
): Screen {
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        const Screen = pick(module);
        return props ? () => createElement(Screen, props) : (Screen as ComponentType);
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk download may succeed on the next try
        throw error;
      },
    ));
  return reads ? { load: loadOnce, reads } : { load: loadOnce };
}

/**
 * The code every list screen shares (the table, its finds, exports and bulk actions): the largest
 * part of any list's first visit. Fetched while a login's password is checked, after the landing
 * screen's own code.
 */
export function preloadListCode(): Promise<unknown> {
  return import('../components/list-screen/list-screen.tsx').catch(() => undefined);
}

/**
 * Signed in and idle: fetch every screen's code ahead of its first visit, the lists' first, one
 * screen per idle moment so that none holds up what the person does. A screen's first visit then
 * costs what a later one does. Returns a function that stops it (the shell leaves).
 */
export function preloadScreensWhenIdle(): () => void {
  if (typeof requestIdleCallback !== 'function') return () => undefined;
  const queue: (() => Promise<unknown>)[] = [preloadListCode, ...PRELOAD_ORDER.map((name) => SCREENS[name].load)];
  let handle: number | undefined;
  let stopped = false;
  const next = () => {
    handle = requestIdleCallback(
      () => {
        const load = queue.shift();
        if (!load || stopped) return;
        void load()
          .catch(() => undefined)
          .then(() => {
            if (!stopped) next();
          });
      },
      { timeout: 2000 },
    );
  };
  next();
  return () => {
    stopped = true;
    if (handle !== undefined) cancelIdleCallback(handle);
  };
}

const list = (entity: EntityName) => ({ list: entity });
const record = (entity: EntityName) => ({ record: entity });

const containers = () => import('../features/containers/components/containers-screen.tsx');
const containerView = () => import('../features/containers/components/container-view.tsx');
const containerEdit = () => import('../features/containers/components/container-edit.tsx');
const lineItems = () => import('../features/line-items/components/line-items-screen.tsx');
const lineItemView = () => import('../features/line-items/components/line-item-view.tsx');

export type ScreenRouteName = Exclude<RouteName, 'login' | 'not-found'>;

/** Every screen of the signed-in area, by route name. */
export const SCREENS: { [N in ScreenRouteName]: Screen } = {
  home: screenIn(() => import('../features/home/components/home-screen.tsx'), (m) => m.HomeScreen),
  companies: screenIn(() => import('../features/companies/components/companies-screen.tsx'), (m) => m.CompaniesScreen, { reads: list('companies') }),
  'company-view': screenIn(() => import('../features/companies/components/company-screen.tsx'), (m) => m.CompanyScreen, { reads: record('companies') }),
  registrations: screenIn(
    () => import('../features/registrations/components/registrations-screen.tsx'),
    (m) => m.RegistrationsScreen,
    { reads: list('registrations') },
  ),
  'registration-view': screenIn(
    () => import('../features/registrations/components/registration-screen.tsx'),
    (m) => m.RegistrationScreen,
    { reads: record('registrations') },
  ),
  jobs: screenIn(() => import('../features/jobs/components/jobs-screen.tsx'), (m) => m.JobsScreen, { reads: list('jobs') }),
  'job-view': screenIn(() => import('../features/jobs/components/job-view-screen.tsx'), (m) => m.JobViewScreen, { reads: record('jobs') }),
  'job-edit': screenIn(() => import('../features/jobs/components/job-edit-screen.tsx'), (m) => m.JobEditScreen),
  'order-forms': screenIn(() => import('../features/order-forms/components/order-forms-screen.tsx'), (m) => m.OrderFormsScreen, { reads: list('order-forms') }),
  'order-form-view': screenIn(() => import('../features/order-forms/components/order-form-screen.tsx'), (m) => m.OrderFormScreen, { reads: record('order-forms') }),
  losses: screenIn(() => import('../features/losses/components/losses-screen.tsx'), (m) => m.LossesScreen, { reads: list('losses') }),
  'loss-view': screenIn(() => import('../features/losses/components/loss-screen.tsx'), (m) => m.LossScreen, { reads: record('losses') }),
  containers: screenIn(containers, (m) => m.ContainersScreen, { props: { kind: 'standard' }, reads: list('containers') }),
  'container-view': screenIn(containerView, (m) => m.ContainerView, { props: { kind: 'standard' }, reads: record('containers') }),
  'container-edit': screenIn(containerEdit, (m) => m.ContainerEdit, { props: { kind: 'standard' }, reads: record('containers') }),
  'yb-containers': screenIn(containers, (m) => m.ContainersScreen, { props: { kind: 'yellow-bucket' }, reads: list('yb-containers') }),
  'yb-container-view': screenIn(containerView, (m) => m.ContainerView, { props: { kind: 'yellow-bucket' }, reads: record('yb-containers') }),
  'yb-container-edit': screenIn(containerEdit, (m) => m.ContainerEdit, { props: { kind: 'yellow-bucket' }, reads: record('yb-containers') }),
  'line-items': screenIn(lineItems, (m) => m.LineItemsScreen, { props: { kind: 'standard' }, reads: list('line-items') }),
  'line-item-view': screenIn(lineItemView, (m) => m.LineItemView, { props: { kind: 'standard' }, reads: record('line-items') }),
  // The edit route is the view with its form open; entered only from the view (spec 2 §2).
  'line-item-edit': screenIn(lineItemView, (m) => m.LineItemView, { props: { kind: 'standard', editing: true }, reads: record('line-items') }),
  'yb-line-items': screenIn(lineItems, (m) => m.LineItemsScreen, { props: { kind: 'yellow-bucket' }, reads: list('yb-line-items') }),
  'yb-line-item-view': screenIn(lineItemView, (m) => m.LineItemView, { props: { kind: 'yellow-bucket' }, reads: record('yb-line-items') }),
  'yb-line-item-edit': screenIn(lineItemView, (m) => m.LineItemView, { props: { kind: 'yellow-bucket', editing: true }, reads: record('yb-line-items') }),
  dictionaries: screenIn(
    () => import('../features/dictionary/components/dictionaries-screen.tsx'),
    (m) => m.DictionariesScreen,
    { reads: list('dictionaries') },
  ),
  'dictionary-view': screenIn(
    () => import('../features/dictionary/components/dictionary-screen.tsx'),
    (m) => m.DictionaryScreen,
    { reads: record('dictionaries') },
  ),
  reports: screenIn(() => import('../features/reports/components/reports-screen.tsx'), (m) => m.ReportsScreen),
  'on-hand': screenIn(() => import('../features/reports/components/on-hand-screen.tsx'), (m) => m.OnHandScreen),
  users: screenIn(() => import('../features/users/components/users-screen.tsx'), (m) => m.UsersScreen),
  settings: screenIn(() => import('../features/settings/components/settings-screen.tsx'), (m) => m.SettingsScreen),
};

/** The order screens' code is fetched in when idle: the sidebar's, each list with its records, then the rest. */
const PRELOAD_ORDER: readonly ScreenRouteName[] = [
  'companies',
  'company-view',
  'registrations',
  'registration-view',
  'jobs',
  'job-view',
  'order-forms',
  'order-form-view',
  'containers',
  'container-view',
  'line-items',
  'line-item-view',
  'dictionaries',
  'on-hand',
  'reports',
  'settings',
  'dictionary-view',
  'users',
  'losses',
  'loss-view',
];
