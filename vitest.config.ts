import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Server integration tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
function serverProject(kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    test: {
      name: kind === 'pglite' ? 'server' : 'server-pg',
      root: './apps/server',
      include: ['test/**/*.test.ts'],
      // Start-up, CLI and document tests do not touch the test database: once is enough. The
      // reliability tests run real server processes and have a project of their own.
      exclude: ['test/reliability/**', ...(kind === 'postgres' ? ['test/cli/**', 'test/documents/**'] : [])],
      environment: 'node',
      env: { TEST_DB_KIND: kind },
      globalSetup: ['./test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
      // PGlite is single-threaded WASM: two forks keep both cores busy without thrashing.
      pool: 'forks',
      maxWorkers: 2,
    },
  };
}

/**
 * Server processes on one PostgreSQL: the concurrency soak (SOAK_SECONDS, default 60) and fault
 * injection (SIGKILL, database outage). One file at a time, since each starts servers of its own.
 */
function reliabilityProject(): TestProjectInlineConfiguration {
  return {
    test: {
      name: 'reliability',
      root: './apps/server',
      include: ['test/reliability/**/*.test.ts'],
      environment: 'node',
      testTimeout: 300_000,
      hookTimeout: 300_000,
      pool: 'forks',
      maxWorkers: 1,
      fileParallelism: false,
      // After every other project has finished: two servers under load would slow them down.
      sequence: { groupOrder: 1 },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres'), reliabilityProject()] : []),
    ],
  },
});
