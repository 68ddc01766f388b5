import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Server integration tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
function serverProject(kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    test: {
      name: kind === 'pglite' ? 'server' : 'server-pg',
      root: './apps/server',
      include: ['test/**/*.test.ts'],
      // Start-up, CLI and document tests do not touch the test database: once is enough.
      exclude: kind === 'postgres' ? ['test/cli/**', 'test/documents/**'] : [],
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
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
