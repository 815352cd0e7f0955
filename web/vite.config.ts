import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { serviceWorkerBuildId } from './build/service-worker-build-id';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The shopper storefront, served by the API server at / (SPA fallback for every non-/api, non-/admin path). */
export default defineConfig({
  root,
  base: '/',
  plugins: [react(), serviceWorkerBuildId()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
      '/media': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
