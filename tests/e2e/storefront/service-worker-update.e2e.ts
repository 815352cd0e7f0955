import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampServiceWorker } from '../../../web/build/service-worker-build-id.js';
import { useStore } from '../harness.js';
import { eventually, openPage } from './shopper-session.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const SW = path.join(DIST, 'sw.js');
const UPDATE_PROMPT = 'A new version of the app is available. Would you like to update now?';

/** The page asks the worker that controls it for its build id. */
const controllingBuildId = () =>
  new Promise<string | null>((resolve) => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) return resolve(null);
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(String(event.data));
    worker.postMessage({ type: 'GET_BUILD_ID' }, [channel.port2]);
  });

/** A deploy installs a new service worker, the spec's prompt appears, and confirming it reloads onto the new build. */
describe('storefront: service worker updates', () => {
  const store = useStore({ seedDemo: false });
  const saved = new Map<string, Buffer>();
  beforeAll(() => {
    for (const file of [SW, `${SW}.br`, `${SW}.gz`]) if (existsSync(file)) saved.set(file, readFileSync(file));
  });
  // Runs before useStore's afterAll (after hooks run in reverse order), as the store closed after the restore before.
  afterAll(() => {
    for (const [file, content] of saved) writeFileSync(file, content);
  });

  it('the built sw.js carries a build id; the next build is a new worker, the prompt appears, and Yes reloads onto it', async () => {
    const built = readFileSync(SW, 'utf8');
    const firstId = /const BUILD_ID = '([0-9a-f]{16})';/.exec(built)?.[1];
    expect(firstId).toBeDefined();

    const page = await openPage(store.browser, store.baseUrl);
    await page.goto('/');
    await eventually(() => page.evaluate(controllingBuildId)).toBe(firstId);

    // The next deploy: the build with one asset changed (what vite writes, stamped by the same plugin).
    const source = readFileSync(path.resolve(DIST, '../public/sw.js'), 'utf8');
    const next = stampServiceWorker(source, ['index.html', 'assets/index-NEXTDEPLOY.js']);
    const nextId = /const BUILD_ID = '([0-9a-f]{16})';/.exec(next)![1];
    expect(nextId).not.toBe(firstId);
    writeFileSync(SW, next);
    rmSync(`${SW}.br`, { force: true });
    rmSync(`${SW}.gz`, { force: true });

    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))!.update());
    await eventually(() => prompts).toEqual([UPDATE_PROMPT]);
    await reloaded;
    await eventually(() => page.evaluate(controllingBuildId)).toBe(nextId);
    await page.context().close();
  });
});
