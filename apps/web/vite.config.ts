import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

/**
 * The app lives under /3ds/ (history routes; the server answers index.html for them) and talks to
 * the API at /3ds/api. Screens are split by route with React.lazy (see src/app/screens.ts), so
 * the first load carries only the shell, the login screen and the shared libraries.
 */
export default defineConfig({
  base: '/3ds/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
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
