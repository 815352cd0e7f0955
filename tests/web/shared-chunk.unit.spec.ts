import { describe, expect, it } from 'vitest';
import { inSharedChunk, inStartChunk } from '../../web/build/shared-chunk.js';

const web = '/repo/web/src';
const nm = '/repo/node_modules';

describe('the storefront build: one shared chunk', () => {
  it('takes the modules every shopper page runs before it is live', () => {
    for (const id of [
      `${nm}/react/cjs/react.production.js`,
      `${nm}/react/jsx-runtime.js`,
      `${nm}/@tanstack/query-core/build/modern/query.js`,
      `${nm}/@radix-ui/react-toast/dist/index.mjs`,
      '/repo/shared-web/api/api-client.ts',
      `${web}/lib/hydration.ts`,
      `${web}/lib/early-actions.ts`,
      `${web}/components/ui/lazy-image.tsx`,
      `${web}/features/products/components/product-card.tsx`,
      `${web}/features/products/list-state.ts`,
    ])
      expect(inSharedChunk(id), id).toBe(true);
  });

  it('leaves out the entry, React DOM’s client, the replay of early actions and each page’s own modules', () => {
    for (const id of [
      `${web}/main.tsx`,
      `${web}/lib/after-largest-paint.ts`,
      '\0vite/preload-helper.js',
      `${nm}/react-dom/cjs/react-dom-client.production.js`,
      `${nm}/react-dom/client.js`,
      `${nm}/scheduler/cjs/scheduler.production.js`,
      `${web}/lib/early-actions-replay.ts`,
      `${web}/app/routes/product.tsx`,
      `${web}/features/products/components/purchase-panel.tsx`,
      `${web}/features/checkout/components/checkout-form.tsx`,
      `${web}/styles/index.css`,
    ])
      expect(inSharedChunk(id), id).toBe(false);
  });

  it('gives what the entry shares with the app (the preload helper) a start chunk of its own', () => {
    expect(inStartChunk('\0vite/preload-helper.js')).toBe(true);
    expect(inStartChunk(`${web}/lib/after-largest-paint.ts`)).toBe(true);
    expect(inStartChunk(`${web}/lib/hydration.ts`)).toBe(false);
  });
});
