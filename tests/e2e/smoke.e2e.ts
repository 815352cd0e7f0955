import { describe, expect, it } from 'vitest';
import { loginAdmin, signUp } from '../helpers/test-runtime.js';
import { useStore } from './harness.js';

describe('the store in a real browser', () => {
  const store = useStore({ seedDemo: false });

  it('serves HTML (not JSON) on a reload of shopper and admin routes, JSON under /api', async () => {
    const page = await store.newPage();
    // What a reload gets from the server (the SPAs may navigate on their own once loaded, so ask without running them).
    // An unknown product and an unknown route are 404s (no soft 404), still the storefront's HTML.
    const expected: Record<string, number> = { '/product/abc': 404, '/no/such/page': 404 };
    for (const route of ['/', '/products', '/orders', '/product/abc', '/no/such/page', '/admin', '/admin/orders', '/admin/products', '/admin/users']) {
      const response = await page.request.get(route);
      expect(response.status(), route).toBe(expected[route] ?? 200);
      expect(response.headers()['content-type'], route).toMatch(/text\/html/);
      expect(await response.text(), route).toMatch(/<div id="root">/);
    }
    const api = await page.goto('/api/health');
    expect(api?.headers()['content-type']).toMatch(/application\/json/);
    expect(await api?.json()).toMatchObject({ success: true, database: 'ok' });
    const missing = await page.goto('/api/nope');
    expect(missing?.status()).toBe(404);
    // A bundle or icon the build does not have is a 404, not the SPA's index.html with status 200.
    for (const file of ['/assets/index-0ld4a55e7.js', '/admin/assets/index-0ld4a55e7.css', '/icons/nope.png', '/admin/nope.svg']) {
      const response = await page.request.get(file);
      expect(response.status(), file).toBe(404);
      expect(await response.text(), file).not.toMatch(/<div id="root">/);
    }
  });
});

describe('what the server sends over the wire', () => {
  const store = useStore({ seedDemo: true });

  const get = (path: string, encoding?: string) =>
    new Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      // node:http, not fetch: fetch would decode the body and hide the encoding.
      import('node:http').then(({ get: httpGet }) => {
        httpGet(`${store.baseUrl}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      }, reject);
    });

  it('sends the SPA bundles pre-compressed (brotli, else gzip) and caches hashed assets for a year, pages never', async () => {
    const zlib = await import('node:zlib');
    const html = await get('/', 'br, gzip');
    expect(html.status).toBe(200);
    expect(html.headers['cache-control']).toBe('no-cache');
    // The page is server-rendered now and goes out brotli-compressed like the bundles.
    expect(html.headers['content-encoding']).toBe('br');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(zlib.brotliDecompressSync(html.body).toString())?.[1];
    expect(script).toBeTruthy();
    const plain = await get(script!);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await get(script!, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get(script!, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/admin/orders')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers for clients that accept it, and only those', async () => {
    const zlib = await import('node:zlib');
    const plain = await get('/api/products?limit=200');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const products = JSON.parse(plain.body.toString()) as { products: unknown[] };
    expect(products.products.length).toBeGreaterThan(50);
    const gz = await get('/api/products?limit=200', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(products);
    const br = await get('/api/products?limit=200', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(products);
  });

  it('runs both apps under the CSP without a single violation (pages, images, service worker, admin websocket)', async () => {
    const { products } = (await (await fetch(`${store.baseUrl}/api/products?limit=1`)).json()) as { products: { id: string }[] };
    const shopperPage = await store.newPage();
    const { token } = await signUp(store.ctx.app);
    await shopperPage.context().addInitScript((t) => window.localStorage.setItem('auth_token', t), token);
    for (const route of [
      '/',
      '/anime-figures',
      '/keychains',
      '/products',
      `/product/${products[0]!.id}`,
      '/search?q=naruto',
      '/cart',
      '/orders',
      '/profile',
      '/nope',
    ]) {
      await shopperPage.goto(route);
      await shopperPage.waitForLoadState('networkidle');
    }
    const adminPage = await store.newPage();
    const admin = await loginAdmin(store.ctx.app);
    await adminPage.context().addInitScript((t) => window.localStorage.setItem('auth_token', t), admin.token);
    const socket = adminPage.waitForEvent('websocket');
    await adminPage.goto('/admin');
    await adminPage.getByText('Welcome back').waitFor();
    // The live feed's websocket is allowed by connect-src (this origin's ws:// only) and stays open.
    expect((await socket).url()).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/api\/admin\/live/);
    for (const route of ['/admin/orders', '/admin/products', '/admin/users']) {
      await adminPage.goto(route);
      await adminPage.waitForLoadState('networkidle');
    }
    expect(store.cspViolations).toEqual([]);
  });

  it('notices a CSP violation when there is one (the check above can fail)', async () => {
    const page = await store.newPage();
    await page.goto('/');
    const before = store.cspViolations.length;
    // An inline script injected by markup: the policy has no 'unsafe-inline', so the browser refuses it.
    await page.evaluate(() => {
      const frame = document.createElement('div');
      frame.innerHTML = '<img src="x" onerror="window.__ran = 1">';
      document.body.append(frame);
    });
    await expect.poll(() => store.cspViolations.length).toBeGreaterThan(before);
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    store.cspViolations.splice(before);
  });
});
