import { attestedOf, todayIso } from '@3ds/domain';
import type { Kysely } from 'kysely';
import { destructionRecordOf, itemsFingerprint } from '../../src/db/repositories/witness-confirmations.repository.ts';
import type { Database } from '../../src/db/schema.ts';

/**
 * Factories for record tests: each makes one row with plausible defaults; overrides win.
 * Parents are made on demand, so `createLineItem(db)` alone gives a whole chain.
 */
type Overrides<T extends keyof Database> = Partial<Record<string, unknown>> & { __table?: T };

export async function createCompany(db: Kysely<Database>, overrides: Overrides<'companies'> = {}) {
  return db
    .insertInto('companies')
    .values({ name: 'Acme Pharmacy', city: 'Columbus', state: 'OH', created_by: 'test', ...overrides } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createRegistration(db: Kysely<Database>, overrides: Overrides<'registrations'> = {}) {
  const companyId = (overrides.company_id as number | undefined) ?? (await createCompany(db)).id;
  return db
    .insertInto('registrations')
    .values({
      company_id: companyId,
      registration_number: 'BA1234563',
      activity: 'A - Pharmacy',
      expiration_date: '2099-12-31',
      license_type: 'Federal',
      federal_agency: 'Drug Enforcement Administration',
      schedule_2: true,
      schedule_2n: true,
      created_by: 'test',
      ...overrides,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createJob(db: Kysely<Database>, overrides: Overrides<'jobs'> = {}) {
  const registrationId = (overrides.registration_id as number | undefined) ?? (await createRegistration(db)).id;
  return db
    .insertInto('jobs')
    .values({ registration_id: registrationId, name: 'Test job', created_by: 'test', ...overrides } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createContainer(db: Kysely<Database>, overrides: Overrides<'containers'> = {}) {
  const jobId = (overrides.job_id as number | undefined) ?? (await createJob(db)).id;
  return db
    .insertInto('containers')
    .values({ job_id: jobId, kind: 'standard', name: 'Box 1', created_by: 'test', ...overrides } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createLineItem(db: Kysely<Database>, overrides: Overrides<'line_items'> = {}) {
  let containerId = overrides.container_id as number | undefined;
  let jobId = overrides.job_id as number | undefined;
  let kind = overrides.kind as string | undefined;
  if (containerId === undefined) {
    const container = await createContainer(db, kind ? { kind } : {});
    containerId = container.id;
    jobId = container.job_id;
    kind = container.kind;
  } else if (jobId === undefined || kind === undefined) {
    const container = await db.selectFrom('containers').select(['job_id', 'kind']).where('id', '=', containerId).executeTakeFirstOrThrow();
    jobId ??= container.job_id;
    kind ??= container.kind;
  }
  // A locked item in an unlocked container can only be locked on its own (in a locked one, the cascade locks it).
  let lockedOwn = overrides.locked_own as boolean | undefined;
  if (lockedOwn === undefined && overrides.locked === true) {
    const container = await db.selectFrom('containers').select('locked').where('id', '=', containerId).executeTakeFirstOrThrow();
    lockedOwn = !container.locked;
  }
  return db
    .insertInto('line_items')
    .values({
      ndc: '00406-0552-01',
      ...(lockedOwn !== undefined ? { locked_own: lockedOwn } : {}),
      ndc_description: 'OXYCODONE HCL 5 MG TABLET',
      ndc_schedule: '2',
      // A Schedule II receipt comes with its DEA Form 222 (ARCOS appendix 1, note H): complete, so it can be locked.
      form_222_number: '231456700',
      pack_quantity: 1,
      pack_size: 100,
      pack_size_uom: 'U',
      percent_fill: 1,
      created_by: 'test',
      ...overrides,
      container_id: containerId,
      job_id: jobId,
      kind,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

let orderFormNumbers = 0;
/** A paper Form 222 issued today (its number drawn anew each time), with one line, on a Schedule 2 registration made on demand. */
/** A form of the register with one line (line 1: 2 packages of 00406-0552-01, or `line`'s). */
export async function createOrderForm(db: Kysely<Database>, overrides: Overrides<'order_forms'> = {}, line: { ndc?: string; packages?: number } = {}) {
  const registrationId = (overrides.registration_id as number | undefined) ?? (await createRegistration(db)).id;
  const form = await db
    .insertInto('order_forms')
    .values({
      registration_id: registrationId,
      form_number: String(700_000_000 + ++orderFormNumbers),
      form_kind: 'paper',
      issued_on: todayIso(),
      created_by: 'test',
      ...overrides,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_form_lines')
    .values({ form_id: form.id, line_no: 1, ndc: line.ndc ?? '00406-0552-01', item: 'OXYCODONE HCL 5 MG', packages: line.packages ?? 2, package_size: '100 tablets' })
    .execute();
  return form;
}

/**
 * Confirms the job's destruction witnesses as they would confirm themselves (rules/witnesses.ts): each
 * named witness becomes a user of that name (made once) with a confirmation of the record and line
 * items as they are (any earlier one voided). Answers the confirmations.
 */
export async function confirmDestructionWitnesses(db: Kysely<Database>, jobId: number) {
  const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
  const attested = JSON.stringify(attestedOf(destructionRecordOf(job), 'destruction', await itemsFingerprint(db, jobId)));
  // Confirming again: what held before is void.
  await db.updateTable('witness_confirmations').set({ voided_at: new Date(), void_reason: 'Confirmed again', voided_by: 'test' }).where('job_id', '=', jobId).where('voided_at', 'is', null).execute();
  const rows = [];
  for (const [role, name] of [['destruction-1', job.destruction_witness_1], ['destruction-2', job.destruction_witness_2]] as const) {
    if (!name) continue;
    const username = `witness-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    const user =
      (await db.selectFrom('users').select(['id', 'username']).where('username', '=', username).executeTakeFirst()) ??
      (await db.insertInto('users').values({ username, display_name: name, password_hash: 'x', privileges: [] }).returning(['id', 'username']).executeTakeFirstOrThrow());
    rows.push(
      await db
        .insertInto('witness_confirmations')
        .values({ job_id: jobId, role, user_id: user.id, username: user.username, name, address: '192.0.2.7', user_agent: 'test', recorded_by: 'test', attested })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return rows;
}
