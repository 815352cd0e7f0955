import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Total Blocking Time: the storefront's app chunk (web/src/boot.tsx) and React DOM's client renderer are
 * separate chunks, evaluated in separate tasks (startApp imports react-dom/client after a turn of the event loop): one
 * chunk of both was one ~30 ms task of script evaluation on a desktop, four times that in Lighthouse's phone.
 * Reads the production build (`node scripts/build-frontends.mjs`, which `npm test` runs first).
 */
const assets = path.resolve('web/dist/assets');
const read = (file: string) => readFileSync(path.join(assets, file), 'utf8');
/** A marker only React DOM's client renderer has: the key it stores its root under on the container. */
const REACT_DOM_CLIENT = '__reactContainer$';

describe('storefront build: the boot chunk', () => {
  it('does not carry React DOM, and loads it as a chunk of its own', () => {
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const boot = scripts.find((f) => /^boot-[\w-]+\.js$/.test(f));
    expect(boot, 'web/dist/assets/boot-*.js').toBeDefined();
    const source = read(boot!);
    expect(source).not.toContain(REACT_DOM_CLIENT);
    const imported = scripts.filter((f) => f !== boot && source.includes(f));
    const reactDom = imported.filter((f) => read(f).includes(REACT_DOM_CLIENT));
    expect(reactDom).toHaveLength(1);
  });
});
