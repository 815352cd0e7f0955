import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { serviceWorkerBuildId } from './build/service-worker-build-id';
import { inSharedChunk, inStartChunk } from './build/shared-chunk';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The frontend kit both SPAs share (shared-web/README.md), as `@kit/…`. */
const kit = fileURLToPath(new URL('../shared-web', import.meta.url));
/** The wire contract's plain values (e.g. `@contract/return-rules`): the rules the server enforces, checked early here. */
const contract = fileURLToPath(new URL('../src/contract', import.meta.url));

/**
 * The shopper storefront, served by the API server at / (SPA fallback for every non-/api, non-/admin path).
 * `vite build --ssr src/entry-server.tsx --outDir dist-ssr` builds the server renderer the API server loads
 * (scripts/build-frontends.mjs runs both): every dependency bundled in, React's production build.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  base: '/',
  plugins: [react(), serviceWorkerBuildId()],
  resolve: { alias: { '@kit': kit, '@contract': contract } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    // The browser build's common modules in one chunk (build/shared-chunk.ts).
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'start', test: inStartChunk, priority: 1 },
                  { name: 'shared', test: inSharedChunk },
                ],
              },
            },
          },
        }),
  },
  ...(isSsrBuild ? { ssr: { noExternal: true, target: 'node' as const }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
      '/media': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
}));
