import { describe, expect, it } from 'vitest';
import { CREATE_PRIVILEGES, hasPrivilege, isPrivilege, PRIVILEGES } from '../../src/catalogue/privileges.ts';

describe('privileges', () => {
  it('knows every privilege of the spec and ours', () => {
    for (const p of ['CREATE_JOB', 'CREATE_CONTAINER', 'CREATE_LINE_ITEM', 'LOCK_CONTAINER', 'UNLOCK_CONTAINER', 'MOVE_CONTAINER', 'DELETE_CONTAINER', 'LOCK_LINE_ITEM', 'UNLOCK_LINE_ITEM', 'MOVE_LINE_ITEM', 'DELETE_LINE_ITEM', 'LOCK_JOB', 'UNLOCK_JOB', 'UPDATE_REGISTRATION', 'MANAGE_USERS', 'MANAGE_SETTINGS', 'APPROVE_CORRECTION']) {
      expect(isPrivilege(p)).toBe(true);
    }
    expect(PRIVILEGES).toHaveLength(17);
    expect(isPrivilege('create_job')).toBe(false);
    expect(isPrivilege('ROOT')).toBe(false);
  });

  it('hasPrivilege reads the held list and treats a missing list as none', () => {
    expect(hasPrivilege(['CREATE_JOB'], 'CREATE_JOB')).toBe(true);
    expect(hasPrivilege(['CREATE_JOB'], 'CREATE_CONTAINER')).toBe(false);
    expect(hasPrivilege(undefined, 'CREATE_JOB')).toBe(false);
  });

  it('the clerk holds the create privileges only', () => {
    expect(CREATE_PRIVILEGES).toEqual(['CREATE_JOB', 'CREATE_CONTAINER', 'CREATE_LINE_ITEM']);
  });
});
