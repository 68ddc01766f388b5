import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/database.ts';
import { grantServerRole, quoteIdent } from '../src/db/database-roles.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../src/seed/seed-demo.ts';
import { adminUrl, databaseUrl, dropDatabase } from './support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the test databases live: the tarballs of migrated PGlite templates, or PostgreSQL template names. */
    testDatabases:
      | { kind: 'pglite'; empty: string; demo: string }
      | { kind: 'postgres'; url: string; empty: string; demo: string; serverRole: { name: string; password: string } };
  }
}

/**
 * Migrates (and demo-seeds) two template databases once per run; each test file then clones one
 * (docs/testing.md: clone a migrated template, do not re-migrate per test).
 *
 * On PostgreSQL the run works as production's two-role set-up (README, "Running against
 * PostgreSQL"): the templates belong to TEST_DATABASE_URL's role, which migrates them and grants a
 * login role of this run what a server's role gets (grantServerRole); the app under test connects
 * as that role, the tests' own `db` as the owner. The role is dropped at the end.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches its test workers, not this set-up, which runs in the main process.
  const kind = project.config.env?.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), '3ds-test-'));
    const paths = { empty: join(dir, 'empty.tar'), demo: join(dir, 'demo.tar') };
    const handle = await openPglite(undefined);
    await migrate(handle);
    await writeFile(paths.empty, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await seedDemoIfEmpty(handle);
    await writeFile(paths.demo, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await handle.close();
    project.provide('testDatabases', { kind, ...paths });
    return async () => rm(dir, { recursive: true, force: true });
  }

  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const names = { empty: `tds_tmpl_empty_${process.pid}`, demo: `tds_tmpl_demo_${process.pid}` };
  const serverRole = { name: `tds_server_${process.pid}`, password: randomBytes(18).toString('hex') };
  const admin = openPostgres(adminUrl(base), 1);
  await admin.execScript(`DROP ROLE IF EXISTS ${quoteIdent(serverRole.name)}`).catch(() => {});
  await admin.execScript(`CREATE ROLE ${quoteIdent(serverRole.name)} LOGIN PASSWORD '${serverRole.password}'`);
  for (const [which, name] of Object.entries(names)) {
    await admin.execScript(`DROP DATABASE IF EXISTS ${name}`);
    await admin.execScript(`CREATE DATABASE ${name}`);
    const handle = openPostgres(databaseUrl(base, name), 1);
    await migrate(handle);
    await grantServerRole(handle, serverRole.name);
    if (which === 'demo') await seedDemoIfEmpty(handle);
    await handle.close();
  }
  await admin.close();
  project.provide('testDatabases', { kind, url: base, ...names, serverRole });
  return async () => {
    for (const name of Object.values(names)) await dropDatabase(base, name);
    // Every database granting to the role is gone by now; one a killed test left behind keeps it.
    const cleanup = openPostgres(adminUrl(base), 1);
    await cleanup.execScript(`DROP ROLE IF EXISTS ${quoteIdent(serverRole.name)}`).catch(() => {});
    await cleanup.close();
  };
}
