import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { BusinessDay } from '../../src/modules/settings/business-day.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** BusinessDay: the server's today, the day in the Settings' time zone by the server's clock. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// 03:30 UTC on March 15: still March 14 in Chicago.
const instant = new Date('2026-03-15T03:30:00Z');
const setZone = (zone: string) => sql`UPDATE settings SET time_zone = ${zone} WHERE id = 1`.execute(database.db);

describe('BusinessDay', () => {
  it('counts the day in the zone the settings name, by the clock it is given, and agrees with tds_today()', async () => {
    await setZone('America/Chicago');
    const day = await BusinessDay.read(database.db, () => instant);
    expect(day.timeZone).toBe('America/Chicago');
    expect(day.today()).toBe('2026-03-14');
    const live = await BusinessDay.read(database.db, () => new Date());
    const { rows } = await sql<{ today: string }>`SELECT tds_today()::text AS today`.execute(database.db);
    expect(live.today()).toBe(rows[0]!.today);
  });

  it('follows a change made through this server at once, and one made elsewhere when it reads again', async () => {
    const day = await BusinessDay.read(database.db, () => instant);
    day.use('Europe/Berlin');
    expect(day.today()).toBe('2026-03-15');
    await setZone('Pacific/Pago_Pago');
    await day.refresh();
    expect(day.timeZone).toBe('Pacific/Pago_Pago');
    expect(day.today()).toBe('2026-03-14');
  });

  it('turns to the next day at the zone\'s midnight to the second, however often it is asked within a second', async () => {
    await setZone('America/Chicago');
    // Midnight in Chicago on March 15 (CDT, UTC−5) is 05:00:00 UTC.
    let clock = new Date('2026-03-15T04:59:59.000Z');
    const day = await BusinessDay.read(database.db, () => clock);
    expect(day.today()).toBe('2026-03-14');
    clock = new Date('2026-03-15T04:59:59.999Z');
    expect(day.today()).toBe('2026-03-14');
    clock = new Date('2026-03-15T05:00:00.000Z');
    expect(day.today()).toBe('2026-03-15');
    // A clock set back (a test's, or a corrected one) is counted again.
    clock = new Date('2026-03-15T04:00:00.000Z');
    expect(day.today()).toBe('2026-03-14');
    // A change of zone within the same second is followed at once.
    day.use('Asia/Tokyo');
    expect(day.today()).toBe('2026-03-15');
  });

  it('starts with the server\'s own zone when the settings cannot be read, and says so', async () => {
    // Nothing listens on port 1: every statement fails to connect.
    const broken = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 500 }) }) });
    const unread: unknown[] = [];
    const day = await BusinessDay.read(broken, () => instant, (error) => unread.push(error));
    expect(unread).toHaveLength(1);
    expect(day.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await broken.destroy();
  });
});
