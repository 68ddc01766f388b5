import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  BULK_ACTIONS,
  BULK_ENTITIES,
  BULK_MAX_RECORDS,
  bulkActionRule,
  bulkSelectionTooLargeMessage,
  canPerform,
  isAction,
  isBulkAction,
  isBulkEntity,
  lockRefusal,
  lockRefusalMessage,
  lockRefusalText,
  mayPerform,
  missingPrivilegeMessage,
  PRIVILEGES,
  type Action,
} from '../../src/index.ts';

const actions = Object.keys(ACTIONS) as Action[];

describe('the permission table', () => {
  it('names a known privilege (or none) and known lock conditions for every action', () => {
    for (const action of actions) {
      const rule = ACTIONS[action];
      if (rule.privilege !== null) expect(PRIVILEGES).toContain(rule.privilege);
      for (const condition of rule.refusedWhen) expect(['job', 'container', 'record', 'record-unlocked', 'own-locked-items', 'final']).toContain(condition);
      expect(rule.purpose.length).toBeGreaterThan(3);
      // A final job's refusal says what it prevents.
      expect(rule.refusedWhen.includes('final' as never)).toBe('final' in rule);
    }
  });

  it('gives every privilege at least one action, so none is dead', () => {
    const used = new Set(actions.map((a) => ACTIONS[a].privilege));
    for (const privilege of PRIVILEGES) expect(used, privilege).toContain(privilege);
  });

  it('allows an action exactly with its privilege, or to anyone when it names none', () => {
    for (const action of actions) {
      const { privilege } = ACTIONS[action];
      expect(mayPerform([], action)).toBe(privilege === null);
      expect(mayPerform(undefined, action)).toBe(privilege === null);
      expect(mayPerform([...PRIVILEGES], action)).toBe(true);
      for (const single of PRIVILEGES) expect(mayPerform([single], action)).toBe(privilege === null || single === privilege);
    }
  });

  it('refuses by the first lock condition met, in the order job, container, record', () => {
    expect(lockRefusal('line-item.edit', {})).toBeUndefined();
    expect(lockRefusal('line-item.edit', { record: true })).toBe('record');
    expect(lockRefusal('line-item.edit', { container: true, record: true })).toBe('container');
    expect(lockRefusal('line-item.edit', { job: true, container: true, record: true })).toBe('job');
    expect(lockRefusal('container.create', { job: true })).toBe('job');
    expect(lockRefusal('container.create', { record: true })).toBeUndefined();
    expect(lockRefusal('job.create', { job: true, record: true })).toBeUndefined();
  });

  it('refuses an unlock with nothing to unlock and a lock of what is locked', () => {
    expect(lockRefusal('line-item.unlock', { record: false })).toBe('record-unlocked');
    expect(lockRefusal('line-item.unlock', { record: true })).toBeUndefined();
    expect(lockRefusal('line-item.lock', { record: true })).toBe('record');
    expect(lockRefusal('job.unlock', {})).toBe('record-unlocked');
    expect(lockRefusal('job.lock', { record: true })).toBe('record');
    // Locking a locked container (or unlocking an unlocked one) changes nothing: refused like a job's or an item's.
    expect(lockRefusal('container.lock', { record: true })).toBe('record');
    expect(lockRefusal('container.unlock', { record: false })).toBe('record-unlocked');
    expect(lockRefusal('container.unlock', { job: true, record: true })).toBe('job');
  });

  it('refuses to delete or carry away a container holding line items locked on their own', () => {
    for (const action of ['container.delete', 'container.move', 'job.move-container-to-yb'] as const) {
      expect(lockRefusal(action, { ownLockedItems: 1 }), action).toBe('own-locked-items');
      expect(lockRefusal(action, { ownLockedItems: 0 }), action).toBeUndefined();
      expect(lockRefusal(action, { job: true, ownLockedItems: 2 }), action).toBe('job');
    }
    // Locking, unlocking, editing and adding to such a container stay possible.
    for (const action of ['container.lock', 'container.edit', 'line-item.create'] as const) {
      expect(lockRefusal(action, { ownLockedItems: 3 }), action).toBeUndefined();
    }
    expect(lockRefusal('container.unlock', { record: true, ownLockedItems: 3 })).toBeUndefined();
  });

  it('words a refusal for a dialog, or says nothing when the lock state allows the action', () => {
    expect(lockRefusalText('container.delete', { ownLockedItems: 2 }, { noun: 'Container', id: 7 })).toBe(
      'Container 7 holds 2 line items locked on their own; it cannot be deleted while they stay locked.',
    );
    expect(lockRefusalText('container.delete', { ownLockedItems: 0 }, { noun: 'Container', id: 7 })).toBeUndefined();
    expect(lockRefusalText('line-item.edit', { container: true }, { noun: 'Line item', id: 3, containerId: 12 })).toBe('Container 12 is locked; its line items cannot be changed.');
  });

  it('combines both for what the web shows', () => {
    expect(canPerform(['CREATE_LINE_ITEM'], 'line-item.edit', {})).toBe(true);
    expect(canPerform(['CREATE_LINE_ITEM'], 'line-item.edit', { container: true })).toBe(false);
    expect(canPerform(['MOVE_LINE_ITEM'], 'line-item.edit', {})).toBe(false);
    expect(canPerform([], 'job.notify-ready')).toBe(false);
    expect(canPerform(['CREATE_JOB'], 'job.notify-ready', { record: true })).toBe(true);
  });

  it('words its refusals', () => {
    expect(missingPrivilegeMessage('container.delete')).toBe('You do not have the DELETE_CONTAINER privilege needed to delete a container.');
    expect(lockRefusalMessage('container.create', 'job', { noun: 'Job', id: 7, jobId: 7 })).toBe('Job 7 is locked; containers cannot be added.');
    expect(lockRefusalMessage('line-item.edit', 'container', { noun: 'Line item', id: 3, jobId: 7, containerId: 12 })).toBe(
      'Container 12 is locked; its line items cannot be changed.',
    );
    expect(lockRefusalMessage('line-item.delete', 'record', { noun: 'Yellow Bucket line item', id: 3 })).toBe('Yellow Bucket line item 3 is locked.');
    expect(lockRefusalMessage('job.rename', 'record', { noun: 'Job', id: 7 })).toBe('Job 7 is locked; its name cannot be changed.');
    expect(lockRefusalMessage('line-item.lock', 'record', { noun: 'Line item', id: 3 })).toBe('Line item 3 is already locked.');
    expect(lockRefusalMessage('job.unlock', 'record-unlocked', { noun: 'Job', id: 7 })).toBe('Job 7 is already unlocked.');
    expect(lockRefusalMessage('container.delete', 'own-locked-items', { noun: 'Container', id: 12, ownLockedItems: 1 })).toBe(
      'Container 12 holds a line item locked on its own; it cannot be deleted while that item stays locked.',
    );
    expect(lockRefusalMessage('container.move', 'own-locked-items', { noun: 'Yellow Bucket container', id: 4, ownLockedItems: 3 })).toBe(
      'Yellow Bucket container 4 holds 3 line items locked on their own; it cannot be moved while they stay locked.',
    );
    expect(lockRefusalMessage('job.move-container-to-yb', 'own-locked-items', { noun: 'Container', id: 12, ownLockedItems: 2 })).toBe(
      'Container 12 holds 2 line items locked on their own; it cannot be moved while they stay locked.',
    );
  });
});

describe('bulk actions', () => {
  it('map each action of each list to the single action of the table', () => {
    expect(BULK_ENTITIES.flatMap((entity) => BULK_ACTIONS.map((action) => `${entity} ${action} → ${bulkActionRule(entity, action)}`))).toEqual([
      'line-items lock → line-item.lock',
      'line-items unlock → line-item.unlock',
      'line-items move → line-item.move',
      'line-items delete → line-item.delete',
      'line-items export → records.export',
      'yb-line-items lock → line-item.lock',
      'yb-line-items unlock → line-item.unlock',
      'yb-line-items move → line-item.move',
      'yb-line-items delete → line-item.delete',
      'yb-line-items export → records.export',
      'containers lock → container.lock',
      'containers unlock → container.unlock',
      'containers move → container.move',
      'containers delete → container.delete',
      'containers export → records.export',
      'yb-containers lock → container.lock',
      'yb-containers unlock → container.unlock',
      'yb-containers move → container.move',
      'yb-containers delete → container.delete',
      'yb-containers export → records.export',
    ]);
    for (const entity of BULK_ENTITIES) for (const action of BULK_ACTIONS) expect(isAction(bulkActionRule(entity, action))).toBe(true);
  });

  it('show a bulk button by the single privilege', () => {
    expect(mayPerform(['LOCK_LINE_ITEM'], bulkActionRule('line-items', 'lock'))).toBe(true);
    expect(mayPerform(['LOCK_LINE_ITEM'], bulkActionRule('containers', 'lock'))).toBe(false);
    expect(mayPerform([], bulkActionRule('yb-containers', 'export'))).toBe(true);
  });

  it('say how large a selection may be', () => {
    expect(BULK_MAX_RECORDS).toBe(10_000);
    expect(bulkSelectionTooLargeMessage(12_345)).toBe('A selection may hold at most 10,000 records; this one holds 12,345. Narrow the find or select fewer.');
    expect(isBulkAction('lock')).toBe(true);
    expect(isBulkAction('toString')).toBe(false);
    expect(isBulkEntity('jobs')).toBe(false);
  });
});
