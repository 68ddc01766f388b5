/**
 * `npm run seed:scale`: the command line, the transaction and the order of seeding. What each step
 * seeds is in seed-scale/: counts.ts (how much), sql-helpers.ts (the draw functions, bulk inserts,
 * the triggers and indexes held around the load, the word index), dictionary.ts, companies.ts (and
 * registrations), jobs.ts, containers.ts, line-items.ts and report.ts.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { assertIsoDate } from '../seed/calendar.ts';
import { addDemoUsers, demoToday } from '../seed/seed-demo.ts';
import { seedCompaniesAndRegistrations } from './seed-scale/companies.ts';
import { seedContainers } from './seed-scale/containers.ts';
import { scaleCounts } from './seed-scale/counts.ts';
import { seedDictionary } from './seed-scale/dictionary.ts';
import { seedJobs } from './seed-scale/jobs.ts';
import { coverHeldSchedules, seedLineItems } from './seed-scale/line-items.ts';
import { report } from './seed-scale/report.ts';
import {
  dropBulkIndexes,
  existingTables,
  fillSearchWords,
  HELPERS_SQL,
  holdBulkTriggers,
  quoteIdent,
  releaseBulkTriggers,
  SEEDED_TABLES,
  truncateGuards,
} from './seed-scale/sql-helpers.ts';

const USAGE = `Fill a PostgreSQL database with scale data for the benchmark (docs/performance.md).

  DATABASE_URL=postgres://… npm run seed:scale -- [--line-items N] [--reset] [--today YYYY-MM-DD]

  --line-items N   line items to create (default 1,000,000). The rest scales with it: per 1,000,000 line
                   items 2,000 companies, 5,000 registrations, 20,000 jobs and 100,000 containers
                   (85% standard, 15% Yellow Bucket; line items of both kinds in the same proportion).
  --reset          empty the record tables (and dictionary, value lists, users, sessions, audit) first.
                   Without it the seed refuses a database that holds any of them.
  --today          the day every generated date is relative to (default: today in the demo's time zone,
                   America/New_York). Same day, same data.

Also creates the NDC dictionary, the value lists and the demo users admin, clerk and viewer (password "demo").
PostgreSQL only: the embedded PGlite database is not meant for this size.`;

class Progress {
  readonly #start = performance.now();

  async step<T>(label: string, run: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    process.stdout.write(`  ${label} … `);
    const result = await run();
    console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  }

  elapsed(): string {
    return `${((performance.now() - this.#start) / 1000).toFixed(1)} s`;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      'line-items': { type: 'string', default: '1000000' },
      reset: { type: 'boolean', default: false },
      today: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const lineItems = Number(values['line-items']!.replace(/[_,]/g, ''));
  if (!Number.isInteger(lineItems) || lineItems < 1000 || lineItems > 50_000_000) {
    throw new UsageError(`--line-items must be a whole number between 1,000 and 50,000,000, not "${values['line-items']}".`);
  }
  const today = values.today ?? demoToday();
  assertIsoDate(today);
  // Read directly: loadConfig() would also demand a JWT_SECRET, which seeding does not need.
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new UsageError(
      'PostgreSQL only: set DATABASE_URL=postgres://… (the embedded PGlite database, used when DATABASE_URL is unset, is not meant for a million rows).',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError('DATABASE_URL must be a postgres:// or postgresql:// URL.');

  const counts = scaleCounts(lineItems);
  const progress = new Progress();
  console.log(
    `Scale seed on ${redact(url)}: ${counts.lineItems.toLocaleString('en-US')} line items, ${counts.containers.toLocaleString('en-US')} containers, ` +
      `${counts.jobs.toLocaleString('en-US')} jobs, ${counts.registrations.toLocaleString('en-US')} registrations, ` +
      `${counts.companies.toLocaleString('en-US')} companies; dates relative to ${today}.`,
  );

  const handle = openPostgres(url, 2);
  const client = new pg.Client({ connectionString: url });
  try {
    await progress.step('migrations', () => migrate(handle));
    await client.connect();
    await client.query('BEGIN');
    const tables = await existingTables(client, SEEDED_TABLES);
    if (values.reset) {
      // The audit trail and the kept records refuse TRUNCATE (010_records_that_stay.sql,
      // 076_kept_records.sql). Wiping a scale database is the one deliberate exception: the refusal is
      // lifted for this transaction only, by the table owner.
      await progress.step('reset (TRUNCATE the record and account tables)', async () => {
        const guarded = await truncateGuards(client);
        for (const { table, trigger } of guarded) await client.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER ${quoteIdent(trigger)}`);
        // With the word index and the change log, which the records' triggers would otherwise empty row by row.
        const derived = await existingTables(client, ['search_words', 'record_changes', 'value_counts']);
        await client.query(`TRUNCATE ${[...tables, ...derived].map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);
        for (const { table, trigger } of guarded) await client.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER ${quoteIdent(trigger)}`);
      });
    } else {
      const probe = tables.map((t) => `SELECT '${t}' AS t WHERE EXISTS (SELECT 1 FROM ${quoteIdent(t)})`).join(' UNION ALL ');
      const { rows } = await client.query<{ t: string }>(probe);
      if (rows.length) {
        throw new UsageError(`The database is not empty (${rows.map((r) => r.t).join(', ')} hold rows). Run again with --reset to empty it first.`);
      }
    }
    await client.query(`SET LOCAL work_mem = '512MB'`);
    await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
    await client.query(HELPERS_SQL);

    // The change log and the word index are written by statement triggers row set by row set; for a
    // bulk load they are written once at the end instead (the log is not needed: nothing counted
    // before this transaction can be brought forward past it).
    const quiet = await progress.step('hold the change log and word index triggers', () => holdBulkTriggers(client));
    await progress.step('value lists and NDC dictionary', () => seedDictionary(client, today));
    await progress.step(`companies (${counts.companies.toLocaleString('en-US')}) and registrations (${counts.registrations.toLocaleString('en-US')})`, () =>
      seedCompaniesAndRegistrations(client, today, counts),
    );
    await progress.step(`jobs (${counts.jobs.toLocaleString('en-US')})`, () => seedJobs(client, today, counts));
    await progress.step(`containers (${counts.containers.toLocaleString('en-US')})`, () => seedContainers(client, counts));
    const indexes = await progress.step('drop the non-constraint indexes of line_items and search_words', () => dropBulkIndexes(client));
    await progress.step(`line items (${counts.lineItems.toLocaleString('en-US')})`, () => seedLineItems(client, counts));
    await progress.step('registrations hold the schedules of their jobs\' line items', () => coverHeldSchedules(client));
    await progress.step('word index (search_words)', () => fillSearchWords(client));
    await progress.step('value counts (value_counts)', () => client.query('SELECT fill_value_counts()'));
    for (const index of indexes) {
      await progress.step(`index ${index.name}`, () => client.query(index.definition));
    }
    await progress.step('release the change log and word index triggers', () => releaseBulkTriggers(client, quiet));
    await progress.step('sequences', async () => {
      for (const table of ['companies', 'contacts', 'labeler_codes', 'registrations', 'jobs', 'containers', 'line_items']) {
        await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`, [table]);
      }
    });
    await progress.step('commit', () => client.query('COMMIT'));

    await progress.step('demo users admin, clerk, viewer', () => addDemoUsers(handle, 'seed:scale'));
    await progress.step('VACUUM ANALYZE', () => client.query('VACUUM (ANALYZE)'));
    await report(client);
    console.log(`Done in ${progress.elapsed()}.`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
    await handle.close();
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

class UsageError extends Error {
  override name = 'UsageError';
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`seed:scale: ${error.message}`);
    process.exit(2);
  }
  console.error('\nseed:scale failed:', error);
  process.exit(1);
});
