import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The frontend kit both SPAs share (shared-web/README.md), as `@kit/…`. */
const kit = fileURLToPath(new URL('../shared-web', import.meta.url));
/** The wire contract's plain values (e.g. `@contract/return-rules`): the rules the server enforces, checked early here. */
const contract = fileURLToPath(new URL('../src/contract', import.meta.url));

/** The admin dashboard, served by the API server under /admin (SPA fallback for /admin/*). */
export default defineConfig({
  root,
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@kit': kit, '@contract': contract } },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        changeOrigin: true,
        ws: true,
        // The API accepts the live feed's websocket from its own origin only: the dev server speaks for it as that origin.
        configure: (proxy) => proxy.on('proxyReqWs', (proxyReq) => proxyReq.setHeader('origin', 'http://localhost:3000')),
      },
      '/media': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
