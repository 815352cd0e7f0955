import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestContext } from '../../tests/helpers/test-runtime.js';
import { EARLY_ACTIONS_SCRIPT } from './early-actions-script.js';

/** Every storefront page carries the early-actions script first in its body, and its CSP allows exactly that script. */
describe('shopper pages: the early-actions script', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp();
    web = await buildApp(ctx.runtime, { serveFrontends: true });
  });
  afterAll(async () => {
    await web?.close();
    await ctx?.close();
  });

  it.each(['/', '/anime-figures', '/products', '/search?q=naruto', '/cart'])('%s: script first in the body, its hash in script-src', async (url) => {
    const res = await web.inject({ url });
    expect(res.statusCode).toBe(200);
    const body = /<body[^>]*>\s*<script>([\s\S]*?)<\/script>/.exec(res.body);
    expect(body?.[1]).toBe(EARLY_ACTIONS_SCRIPT);
    const hash = `'sha256-${createHash('sha256').update(body![1]!).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    expect(scriptSrc.split(' ')).toContain(hash);
    // Still no blanket permission for inline scripts.
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
