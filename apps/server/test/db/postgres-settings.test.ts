import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the server's PostgreSQL connections", () => {
  it.runIf(process.env.TEST_DB_KIND === 'postgres')('compile no plan (jit off): a find costed high runs as planned, without a compile first', async () => {
    // Every connection of the pool, not only the first: several at once.
    const settings = await Promise.all(Array.from({ length: 4 }, () => sql<{ jit: string }>`SELECT current_setting('jit') AS jit, pg_sleep(0.05)`.execute(database.db)));
    expect(settings.map((s) => s.rows[0]!.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
