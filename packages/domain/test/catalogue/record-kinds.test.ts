import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  ENTITIES,
  RECORD_EVENT_ENTITIES,
  RECORD_FAMILIES,
  entitiesOf,
  entitiesWithScreen,
  entityForSegment,
  entityOf,
  isEntityName,
  kindOfEntity,
  recordKind,
  recordNoun,
} from '../../src/index.ts';

describe('record kinds', () => {
  it('lists the ten list entities in the order of the sidebar', () => {
    expect(ENTITIES).toEqual(['companies', 'registrations', 'jobs', 'order-forms', 'losses', 'containers', 'line-items', 'yb-containers', 'yb-line-items', 'dictionaries']);
    expect(isEntityName('yb-line-items')).toBe(true);
    expect(isEntityName('toString')).toBe(false);
    expect(isEntityName('line-item')).toBe(false);
  });

  it('gives every route segment to one entity only', () => {
    const segments = ENTITIES.flatMap((entity) => [entity, recordKind(entity).singular]);
    expect(new Set(segments).size).toBe(segments.length);
    for (const entity of ENTITIES) expect(entityForSegment(recordKind(entity).singular)).toBe(entity);
  });

  it('pairs each twin with the other kind of its own family', () => {
    for (const entity of ENTITIES) {
      const spec = recordKind(entity);
      if (!spec.twin) continue;
      const twin = recordKind(spec.twin as never);
      expect(twin.twin).toBe(entity);
      expect(twin.family).toBe(spec.family);
      expect(new Set([spec.kind, twin.kind])).toEqual(new Set(['standard', 'yellow_bucket']));
    }
  });

  it('names parents and exported line items that exist, of the same kind', () => {
    for (const entity of ENTITIES) {
      const spec = recordKind(entity);
      if (spec.parent) {
        expect(isEntityName(spec.parent)).toBe(true);
        const parent = recordKind(spec.parent as never);
        if (parent.kind) expect(parent.kind).toBe(spec.kind);
      }
      if (spec.lineItems) {
        expect(recordKind(spec.lineItems.standard as never).family).toBe('line-item');
        if (spec.kind) expect(recordKind(spec.lineItems.standard as never).kind).toBe(spec.kind);
        if (spec.lineItems.yellow_bucket) expect(kindOfEntity(spec.lineItems.yellow_bucket as never)).toBe('yellow_bucket');
      }
    }
  });

  it('finds an entity by family and kind', () => {
    expect(entitiesOf('container')).toEqual(['containers', 'yb-containers']);
    expect(entityOf('container', 'yellow_bucket')).toBe('yb-containers');
    expect(entityOf('line-item', 'standard')).toBe('line-items');
    expect(entityOf('line-item')).toBe('line-items');
    expect(entityOf('job')).toBe('jobs');
    expect(entityOf('order-form')).toBe('order-forms');
    expect(() => entityOf('job', 'yellow_bucket')).toThrow(/No list entity/);
  });

  it('gives every kind a list, and an edit screen only beside a view', () => {
    expect(entitiesWithScreen('list')).toEqual(ENTITIES);
    for (const entity of entitiesWithScreen('edit')) expect(entitiesWithScreen('view')).toContain(entity);
    expect(entitiesWithScreen('edit')).toEqual(['jobs', 'containers', 'line-items', 'yb-containers', 'yb-line-items']);
  });

  it('defines the Form 222 register as a list and a record of a registration, after jobs', () => {
    const spec = recordKind('order-forms');
    expect(spec).toMatchObject({
      singular: 'order-form',
      family: 'order-form',
      title: 'Form 222 Register',
      recordTitle: 'Form 222',
      sidebar: 'Form 222s',
      screens: ['list', 'view'],
      rowsLink: true,
      lockable: false,
      history: false,
      parent: 'registrations',
    });
    expect(RECORD_FAMILIES['order-form']).toEqual({ table: 'order_forms', liveEvents: true });
    expect(ENTITIES.indexOf('order-forms')).toBe(ENTITIES.indexOf('jobs') + 1);
    expect(entityForSegment('order-form')).toBe('order-forms');
    expect(CATALOGUE['order-forms'].detailPath).toBe('/order-form/:id');
  });

  it('joins each catalogue with its kind: title, singular and the route its rows link to', () => {
    expect(CATALOGUE['yb-containers'].title).toBe('Yellow Bucket Containers');
    expect(CATALOGUE['yb-containers'].singular).toBe('yb-container');
    expect(CATALOGUE['yb-containers'].detailPath).toBe('/yb-container/:id');
    expect(CATALOGUE.dictionaries.detailPath).toBeUndefined();
    for (const entity of ENTITIES) expect(CATALOGUE[entity].entity).toBe(entity);
  });

  it('names one record and several in sentences', () => {
    expect(recordNoun('order-forms', 1)).toBe('Form 222');
    expect(recordNoun('order-forms', 3)).toBe('Form 222s');
    expect(recordNoun('yb-containers', 1)).toBe('Yellow Bucket container');
    expect(recordNoun('yb-containers', 2)).toBe('Yellow Bucket containers');
    expect(recordNoun('line-items', 0)).toBe('line items');
  });

  it('publishes live updates of the families marked so, and not of the dictionary', () => {
    expect([...RECORD_EVENT_ENTITIES].sort()).toEqual(['company', 'container', 'job', 'line-item', 'loss', 'order-form', 'registration']);
    for (const family of RECORD_EVENT_ENTITIES) expect(RECORD_FAMILIES[family].liveEvents).toBe(true);
  });
});
