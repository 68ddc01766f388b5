import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API the dev server proxies to: the server's PORT, as `npm run dev` starts both with the same environment.
const API_TARGET = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

/** docs/performance.md: the first load of /3ds/ carries at most this much gzipped JavaScript. */
const FIRST_LOAD_BUDGET_BYTES = 250 * 1000;

/**
 * Fails the build when the entry chunk plus the chunks it imports statically (the ones
 * index.html loads up front) exceed the budget — so a heavy import into the shell is caught here,
 * not by a user on a slow line.
 */
function firstLoadBudget(limitBytes: number): Plugin {
  return {
    name: '3ds:first-load-budget',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])));
      const firstLoad = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || firstLoad.has(fileName)) return;
        firstLoad.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const bytes = [...firstLoad].reduce((sum, fileName) => sum + gzipSync(chunks.get(fileName)!.code).length, 0);
      const summary = `first-load JavaScript: ${(bytes / 1000).toFixed(1)} kB gzipped in ${firstLoad.size} file(s), budget ${(limitBytes / 1000).toFixed(0)} kB`;
      if (bytes > limitBytes) this.error(`${summary}. Load the new dependency lazily (inside a screen), not in the shell.`);
      this.info(summary);
    },
  };
}

/**
 * The app lives under /3ds/ (history routes; the server answers index.html for them) and talks to
 * the API at /3ds/api. Screens are split by route with React.lazy (see src/app/screens.ts), so
 * the first load carries only the shell, the login screen and the shared libraries.
 */
export default defineConfig({
  base: '/3ds/',
  plugins: [react(), firstLoadBudget(FIRST_LOAD_BUDGET_BYTES)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The entry is ~730 kB minified (React, Mantine, the router); what matters is the gzipped
    // budget above, which the plugin enforces.
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/3ds/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/3ds/api': { target: API_TARGET, changeOrigin: false },
    },
  },
});
