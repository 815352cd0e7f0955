import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShopOrigin } from '../../src/modules/live/access.js';
import { createTestApp, liveTicket, loginAdmin, type TestContext } from '../helpers/test-runtime.js';

interface WsClient {
  on(event: 'open', cb: () => void): void;
  on(event: 'unexpected-response', cb: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', cb: (error: Error) => void): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options?: { origin?: string }) => WsClient;

/** 'open', or the HTTP status the upgrade was refused with. */
const connect = (url: string, origin?: string) =>
  new Promise<'open' | number>((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {});
    socket.on('open', () => {
      socket.close();
      resolve('open');
    });
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode));
    socket.on('error', reject);
  });

describe('admin live feed: the shop’s own origin only', () => {
  let t: TestContext;
  let base: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/admin/live`;
    admin = (await loginAdmin(t.app)).auth;
  });
  afterAll(async () => t?.close());

  it('a page of another site is refused even with a valid ticket, which stays usable from the shop', async () => {
    const ticket = await liveTicket(t.app, admin);
    for (const origin of ['https://evil.example', 'http://shop.example.in', 'https://shop.example.in.evil.example', 'null']) {
      expect(await connect(`${base}?ticket=${ticket}`, origin), origin).toBe(403);
    }
    expect(await connect(`${base}?ticket=${ticket}`, 'https://shop.example.in')).toBe('open');
  });

  it('a client that is not a browser (no Origin) still goes through the ticket check', async () => {
    expect(await connect(`${base}?ticket=${await liveTicket(t.app, admin)}`)).toBe('open');
    expect(await connect(`${base}?ticket=${'A'.repeat(43)}`)).toBe(401);
  });

  it('without PUBLIC_URL the origin must be the host the request was sent to', () => {
    expect(isShopOrigin('http://localhost:3000', undefined, 'localhost:3000')).toBe(true);
    expect(isShopOrigin('https://localhost:3000', undefined, 'localhost:3000')).toBe(true);
    expect(isShopOrigin('http://evil.example', undefined, 'localhost:3000')).toBe(false);
    expect(isShopOrigin('http://localhost:3000', undefined, undefined)).toBe(false);
    expect(isShopOrigin(undefined, undefined, 'localhost:3000')).toBe(true);
  });
});
