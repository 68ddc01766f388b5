import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the web's plain logic (route table, alerts, session, API client, idle timer).
 * Run with `npx vitest run --config apps/web/vitest.config.ts`, or add this project to the root
 * vitest.config.ts: `{ test: { name: 'web', root: './apps/web', include: ['test/**\/*.test.ts'], environment: 'node' } }`.
 */
export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
