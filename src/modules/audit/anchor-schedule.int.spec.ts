import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { checkAnchor, type Anchor } from './anchor.js';
import { checkAnchorWebhook, startAnchorSchedule } from './anchor-schedule.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app);
});
afterAll(async () => ctx?.close());

describe('audit anchors on a schedule', () => {
  it('writes an anchor file and posts it to the webhook at each tick, and a last one on shutdown', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-anchors-'));
    const received: Anchor[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body) as Anchor);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const errors: unknown[] = [];
    const schedule = startAnchorSchedule({
      pool: ctx.runtime.pool,
      store: ctx.runtime.store,
      dir,
      everyMs: 3_600_000,
      webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/anchors`,
      log: { info: () => undefined, warn: () => undefined, error: (e) => errors.push(e) },
    });
    try {
      const first = await schedule.takeNow('schedule');
      expect(first?.streams).toBeGreaterThan(0);
      await signUp(ctx.app);
      await schedule.stop();
      expect(errors).toEqual([]);
      const files = readdirSync(dir).sort();
      expect(files).toHaveLength(2);
      const [older, last] = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Anchor);
      expect(received.map((a) => a.digest)).toEqual([older!.digest, last!.digest]);
      expect(last!.streams).toBeGreaterThan(older!.streams);
      for (const anchor of [older!, last!]) expect((await checkAnchor(ctx.runtime, anchor)).ok).toBe(true);
    } finally {
      server.close();
    }
  });

  it('a failing webhook is logged, the file is still written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-anchors-'));
    const errors: unknown[] = [];
    const schedule = startAnchorSchedule({
      pool: ctx.runtime.pool,
      store: ctx.runtime.store,
      dir,
      everyMs: 3_600_000,
      webhookUrl: 'https://anchors.example.in/hook',
      fetchImpl: async () => new Response('down', { status: 503 }),
      log: { info: () => undefined, warn: () => undefined, error: (e) => errors.push(e) },
    });
    expect(await schedule.takeNow('schedule')).toBeNull();
    expect(errors).toHaveLength(1);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('the webhook must be https (http only to this machine)', () => {
    expect(checkAnchorWebhook('https://anchors.example.in/hook').hostname).toBe('anchors.example.in');
    expect(checkAnchorWebhook('http://localhost:9000/a').port).toBe('9000');
    for (const bad of ['http://anchors.example.in/hook', 'ftp://example.in/x', 'not a url', 'file:///etc/passwd'])
      expect(() => checkAnchorWebhook(bad), bad).toThrow(/ANCHOR_WEBHOOK_URL/);
  });
});
