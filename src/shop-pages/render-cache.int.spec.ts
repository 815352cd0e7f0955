import { execFileSync } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { twoRuntimesOnOneDatabase } from '../../tests/helpers/two-runtimes.js';
import { createShopHtml } from './shop-html.js';
import { importCsv } from './test-catalogue.js';

/**
 * The render cache (time to first byte): a kept page goes out at once even after its few fresh seconds,
 * and is rendered again in the background for the next request (stale-while-revalidate); a catalogue or carousel change
 * is never served stale (the catalogue version and the carousels' read-model generation are part of the key).
 */
describe('server-rendered pages: stale-while-revalidate render cache', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  /** The same pages, kept fresh for 10 minutes: only a change of key renders them again. */
  let kept: FastifyInstance;
  let admin: Record<string, string>;
  let slideUrl: string;
  const home = async () => (await web.inject({ url: '/' })).body;
  const keptHome = async () => (await kept.inject({ url: '/' })).body;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(ctx.app, admin, ['Tanjiro Kamado Figure,Anime Figures,1999,2499,20,true,true,/media/tanjiro.png,Demon Slayer,true,4.6,3,6']);
    const carousel = (await ctx.app.inject({ method: 'POST', url: '/api/carousels/admin', headers: admin, payload: { name: 'hero', title: 'hero' } })).json()
      .carousel;
    const slide = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/carousels/admin/${carousel.id}/slides`,
        headers: admin,
        payload: { image: '/media/a.webp', title: 'Old banner title' },
      })
    ).json().slide;
    slideUrl = `/api/carousels/admin/${carousel.id}/slides/${slide.id}`;
    // Fresh for 0 ms: every later request finds a stale page.
    const send = createShopHtml(ctx.runtime, path.resolve('web/dist'), path.resolve('web/dist-ssr/entry-server.js'), { cacheTtlMs: 0 });
    web = Fastify();
    web.get('/', send);
    await web.ready();
    kept = Fastify();
    kept.get('/', createShopHtml(ctx.runtime, path.resolve('web/dist'), path.resolve('web/dist-ssr/entry-server.js'), { cacheTtlMs: 600_000 }));
    await kept.ready();
  }, 180_000);
  afterAll(async () => {
    await kept?.close();
    await web?.close();
    await ctx?.close();
  });

  it('a stale page is sent as it was, and the next request gets the background render', async () => {
    expect(await home()).toContain('Old banner title');
    // A change neither the catalogue version nor the carousels' generation follows (written into the read model behind the
    // log's back), so the key stays the same.
    await ctx.runtime.pool.query(`update carousels set slides = replace(slides::text, 'Old banner title', 'Quiet banner title')::jsonb`);
    // The kept page at once (not the render this request starts)…
    expect(await home()).toContain('Old banner title');
    // …then the background render replaces it (each request sends what the cache holds: polled until one sends it).
    await expect.poll(home).toContain('Quiet banner title');
  });

  it("an admin's carousel change renders afresh for the very next request, even within the fresh seconds", async () => {
    const before = await keptHome();
    expect(before).toContain('banner title');
    expect(before).not.toContain('New banner title');
    const edited = await ctx.app.inject({ method: 'PUT', url: slideUrl, headers: admin, payload: { title: 'New banner title' } });
    expect(edited.statusCode).toBe(200);
    // The route answers once the read model has the change, and with it the carousels' generation has moved on.
    expect(await keptHome()).toContain('New banner title');
  });

  it('a catalogue change renders afresh for the very next request', async () => {
    expect(await home()).not.toContain('Nezuko Kamado Figure');
    await importCsv(ctx.app, admin, ['Nezuko Kamado Figure,Anime Figures,2599,2999,10,true,true,/media/nezuko.png,Demon Slayer,true,4.2,0,5']);
    expect(await home()).toContain('Nezuko Kamado Figure');
  });
});

/**
 * On an instance that does not project (a follower of the leader's checkpoints), a carousel change made through
 * another instance renders afresh once this one has read the checkpoint: the carousels' generation in the key moves on
 * with it, without a log subscription of its own.
 */
describe('server-rendered pages on a follower instance: the render cache follows the carousels generation', () => {
  const two = twoRuntimesOnOneDatabase();
  let web: FastifyInstance;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
    web = Fastify();
    // Fresh for 10 minutes: only a change of key renders the page again.
    web.get('/', createShopHtml(two.follower.runtime, path.resolve('web/dist'), path.resolve('web/dist-ssr/entry-server.js'), { cacheTtlMs: 600_000 }));
    await web.ready();
  }, 180_000);
  afterAll(async () => web?.close());

  it("a slide changed through the leader shows on the follower's very next request once it has the checkpoint", async () => {
    expect(two.follower.runtime.projections.role).toBe('follower');
    const carousel = (
      await two.leader.app.inject({ method: 'POST', url: '/api/carousels/admin', headers: two.admin, payload: { name: 'hero', title: 'hero' } })
    ).json().carousel;
    const slide = (
      await two.leader.app.inject({
        method: 'POST',
        url: `/api/carousels/admin/${carousel.id}/slides`,
        headers: two.admin,
        payload: { image: '/media/a.webp', title: 'Leader banner one' },
      })
    ).json().slide;
    // The follower has read the leader's checkpoint past everything appended so far (no sleeps: it waits on it).
    await two.caughtUp('carousels');
    expect((await web.inject({ url: '/' })).body).toContain('Leader banner one');
    const edited = await two.leader.app.inject({
      method: 'PUT',
      url: `/api/carousels/admin/${carousel.id}/slides/${slide.id}`,
      headers: two.admin,
      payload: { title: 'Leader banner two' },
    });
    expect(edited.statusCode).toBe(200);
    await two.caughtUp('carousels');
    expect((await web.inject({ url: '/' })).body).toContain('Leader banner two');
  });
});
