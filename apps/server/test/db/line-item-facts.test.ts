import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromLineItems, lineItemColumns, lineItemFactsOf, recordedFacts, recordedLineItemOf } from '../../src/db/repositories/line-item-facts.repository.ts';
import { createContainer, createJob, createLineItem } from '../support/record-factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The read model "a line item with its facts" (line-item-facts.repository.ts): a read joins only the
 * relations it names, answers the columns it picks in its order, and every read computes the
 * strength, form and density alike.
 */
let handle: TestDatabase;
const ids: Record<string, number> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet', trade_package: true },
      { ndc: '12345-0003-**', schedule: '2', trade_name: 'METHADONE RAW LIQUID', density: 1.2, bulk_raw_liquid: true },
    ] as never)
    .execute();
  const job = await createJob(handle.db, { name: 'Facts job', date_received: '2025-01-02' });
  const container = await createContainer(handle.db, { job_id: job.id, name: 'Box F' });
  const item = (name: string, overrides: Record<string, unknown>) => createLineItem(handle.db, { container_id: container.id, ...overrides }).then((row) => (ids[name] = row.id));
  await item('snapshot', { strength: '10 MG', form: 'Capsule' });
  await item('empty', { strength: '', form: '' });
  await item('blank', { strength: '  ', form: ' ', ndc_description: ' ' });
  await item('bulk', { ndc: '12345-0003-**', ndc_description: null, package_size_density: 0.9 });
  await item('unknown', { ndc: '99999-9999-99', package_size_density: 0.9 });
});
afterAll(() => handle.close());

describe('the joins a read names, and no other', () => {
  it('joins nothing it is not asked to', () => {
    const { sql } = fromLineItems(handle.db, {}).select(lineItemColumns('id', 'ndc')).compile();
    expect(sql).toBe('select "li"."id", "li"."ndc" from "line_items" as "li"');
  });

  it('joins each relation as it is asked to (inner or left), always in the same order', () => {
    const { sql } = fromLineItems(handle.db, { dictionary: 'left', registration: 'left', job: 'inner' }).select(lineItemColumns('id')).compile();
    expect(sql).toBe(
      'select "li"."id" from "line_items" as "li" inner join "jobs" as "j" on "j"."id" = "li"."job_id" left join "registrations" as "r" on "r"."id" = "j"."registration_id" left join "ndc_dictionary" as "d" on "d"."ndc" = "li"."ndc"',
    );
  });

  it('refuses a registration without its job and a company without its registration', () => {
    expect(() => fromLineItems(handle.db, { registration: 'inner' })).toThrow(/through the job/);
    expect(() => fromLineItems(handle.db, { job: 'inner', company: 'inner' })).toThrow(/through the registration/);
  });

  it('does not let a read pick a column of a relation it did not join', () => {
    // @ts-expect-error the company is not joined
    fromLineItems(handle.db, { job: 'inner' }).select(lineItemColumns('company_name'));
    expect(true).toBe(true);
  });
});

describe('the columns', () => {
  it('answer in the order they were picked', async () => {
    const row = await fromLineItems(handle.db, { container: 'inner', job: 'inner' })
      .select(lineItemColumns('job_name', 'id', 'container_name', 'date_received', 'ndc_schedule', 'schedule'))
      .where('li.id', '=', ids.snapshot!)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row)).toEqual(['job_name', 'id', 'container_name', 'date_received', 'ndc_schedule', 'schedule']);
    expect(row).toEqual({ job_name: 'Facts job', id: ids.snapshot, container_name: 'Box F', date_received: '2025-01-02', ndc_schedule: '2', schedule: '2' });
  });

  it("take the strength and form from the item's snapshot, the dictionary's where it is empty, and the density from the dictionary, else the item", async () => {
    const rows = await fromLineItems(handle.db, { dictionary: 'left' }).select(lineItemColumns('id', 'strength', 'form', 'density', 'pack_size')).orderBy('li.id').execute();
    const byId = new Map(rows.map((row) => [row.id, lineItemFactsOf(row)]));
    expect(byId.get(ids.snapshot!)).toMatchObject({ strength: '10 MG', form: 'Capsule', density: null, pack_size: 100 });
    expect(byId.get(ids.empty!)).toMatchObject({ strength: '5 MG', form: 'Tablet' });
    // Only an empty snapshot gives way in SQL; the Form 41's reading below passes over a blank one too.
    expect(byId.get(ids.blank!)).toMatchObject({ strength: '  ', form: ' ' });
    expect(byId.get(ids.bulk!)).toMatchObject({ density: 1.2 });
    expect(byId.get(ids.unknown!)).toMatchObject({ strength: null, density: 0.9 });
  });
});

describe('a line item as DEA Form 41 and ARCOS read it', () => {
  it('trims the snapshot and falls back to the dictionary where it is blank, and reads the registration', async () => {
    const rows = await recordedFacts(handle.db).where('li.id', 'in', Object.values(ids)).orderBy('li.id').execute();
    const items = new Map(rows.map((row) => [row.id, recordedLineItemOf(row)]));
    expect(items.get(ids.snapshot!)).toMatchObject({ name: 'OXYCODONE HCL 5 MG TABLET', strength: '10 MG', form: 'Capsule', bulkKind: undefined, density: null, packSize: 100, percentFill: 1 });
    expect(items.get(ids.blank!)).toMatchObject({ name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet' });
    expect(items.get(ids.bulk!)).toMatchObject({ name: 'METHADONE RAW LIQUID', bulkKind: 'raw-liquid', density: 1.2, drugCode: null });
    expect(items.get(ids.unknown!)).toMatchObject({ strength: null, density: 0.9, removedFromArcos: false });
    expect(items.get(ids.snapshot!)?.registration).toMatchObject({ registrationNumber: 'BA1234563', schedules: ['2', '2N'] });
  });
});
