import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { transaction } from '../../src/db/transaction.ts';
import { createTestDatabase } from '../support/test-database.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const failure = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });

describe('transaction()', () => {
  it('runs the work again after a deadlock or serialization failure, and commits once', async () => {
    let runs = 0;
    const result = await transaction(handle.db, async (trx) => {
      runs++;
      await trx.insertInto('value_lists').values({ list_name: 'Retry', value: `v${runs}`, display_value: 'x' }).execute();
      if (runs === 1) throw failure('40P01');
      if (runs === 2) throw failure('40001');
      return runs;
    });
    expect(result).toBe(3);
    const rows = await handle.db.selectFrom('value_lists').select('value').where('list_name', '=', 'Retry').execute();
    expect(rows.map((r) => r.value)).toEqual(['v3']);
  });

  it('gives up after its attempts and does not retry other errors', async () => {
    let runs = 0;
    await expect(transaction(handle.db, async () => {
      runs++;
      throw failure('40P01');
    }, 3)).rejects.toThrow('simulated 40P01');
    expect(runs).toBe(3);
    runs = 0;
    await expect(transaction(handle.db, async () => {
      runs++;
      throw failure('23505');
    })).rejects.toThrow('simulated 23505');
    expect(runs).toBe(1);
  });
});
