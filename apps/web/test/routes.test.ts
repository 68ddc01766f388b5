import { describe, expect, it } from 'vitest';
import { ROUTES, isRouteName, routePath, routeTitle, sectionOf } from '../src/config/paths.ts';

describe('route table', () => {
  it('has every route name of spec 1 §2 and spec 2 §2, plus home, the Form 222 register, the losses, on-hand, users, settings and not-found', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(
      [
        'login', 'home', 'companies', 'company-view', 'registrations', 'registration-view', 'jobs', 'job-view', 'job-edit', 'order-forms', 'order-form-view', 'losses', 'loss-view',
        'containers', 'container-view', 'container-edit', 'line-items', 'line-item-view', 'line-item-edit',
        'yb-containers', 'yb-container-view', 'yb-container-edit', 'yb-line-items', 'yb-line-item-view',
        'yb-line-item-edit', 'dictionaries', 'dictionary-view', 'reports', 'on-hand', 'users', 'settings', 'not-found',
      ].sort(),
    );
  });

  it.each([
    [routePath('login'), '/'],
    [routePath('home'), '/home'],
    [routePath('companies'), '/companies'],
    [routePath('company-view', { id: 12 }), '/company/12'],
    [routePath('registration-view', { id: '7' }), '/registration/7'],
    [routePath('job-view', { id: 3 }), '/job/3'],
    [routePath('order-forms'), '/order-forms'],
    [routePath('order-form-view', { id: 4 }), '/order-form/4'],
    [routePath('losses'), '/losses'],
    [routePath('loss-view', { id: 6 }), '/loss/6'],
    [routePath('container-view', { id: 5 }), '/container/5'],
    [routePath('container-edit', { id: 5 }), '/container/5/edit'],
    [routePath('container-edit', { id: 5 }, { new: true }), '/container/5/edit?new=true'],
    [routePath('line-item-view', { id: 9 }), '/line-item/9'],
    [routePath('line-item-edit', { id: 9 }), '/line-item/9/edit'],
    [routePath('yb-line-item-edit', { id: 'YB 1/2' }), '/yb-line-item/YB%201%2F2/edit'],
    [routePath('users'), '/users'],
    [routePath('users', {}, { q: 'jdoe' }), '/users?q=jdoe'],
    [routePath('settings'), '/settings'],
    [routePath('not-found'), '/not-found'],
    [routePath('jobs', {}, { page: 2, q: 'a b', skip: undefined, none: null }), '/jobs?page=2&q=a+b'],
  ])('%s = %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => routePath('company-view', { id: '' })).toThrow(/needs the parameter 'id'/);
  });

  it('titles and sections', () => {
    expect(routeTitle('company-view', { id: '4' })).toBe('Company 4');
    expect(routeTitle('yb-containers')).toBe('Yellow Bucket Containers');
    expect(routeTitle('dictionaries')).toBe('NDC Dictionary');
    expect(routeTitle('order-forms')).toBe('Form 222 Register');
    expect(routeTitle('order-form-view', { id: '4' })).toBe('Form 222 4');
    expect(sectionOf('order-form-view')).toBe('order-forms');
    expect(sectionOf('line-item-edit')).toBe('line-items');
    expect(routeTitle('users')).toBe('Users');
    expect(sectionOf('users')).toBe('users');
    expect(sectionOf('login')).toBeNull();
    expect(isRouteName('job-view')).toBe(true);
    expect(isRouteName('toString')).toBe(false);
  });
});
