import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-runtime.js';

/** /media/resized/{width}/{name}: the srcset variants of our own images (image-variants.ts). */
describe('media: resized variants for srcset', () => {
  let ctx: TestContext;
  let media: string;
  let variants: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    media = path.resolve(ctx.runtime.env.DATA_DIR, 'media');
    variants = path.resolve(ctx.runtime.env.DATA_DIR, 'media-variants');
    await mkdir(path.join(media, 'variants-spec'), { recursive: true });
    const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0392b' } });
    await writeFile(path.join(media, 'variants-spec', 'banner.png'), await picture(1600, 800).png().toBuffer());
    await writeFile(path.join(media, 'variants-spec', 'small.webp'), await picture(300, 300).webp().toBuffer());
    await writeFile(
      path.join(media, 'variants-spec', 'script.png'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="red"/><script>alert(1)</script></svg>',
    );
    await writeFile(path.join(media, 'variants-spec', 'notes.txt'), 'not a picture');
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ url });

  it('answers a WebP of the requested width, the height in proportion, cached for a year, and keeps it on disk', async () => {
    const res = await get('/media/resized/640/variants-spec/banner.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 320 });
    expect(existsSync(path.join(variants, '640', 'variants-spec', 'banner.png.webp'))).toBe(true);

    const again = await get('/media/resized/640/variants-spec/banner.png');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await sharp((await get('/media/resized/320/variants-spec/banner.png')).rawPayload).metadata()).width).toBe(320);
  });

  it('never enlarges: a 300 px picture asked at 960 stays 300 px', async () => {
    const res = await get('/media/resized/960/variants-spec/small.webp');
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 300 });
  });

  it('refuses a width that is not in the list with 400 and makes nothing', async () => {
    for (const width of ['500', '0', '-320', '320.5', 'abc', '99999']) {
      const res = await get(`/media/resized/${width}/variants-spec/banner.png`);
      expect(res.statusCode, width).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'Width must be one of 320, 480, 640, 960, 1280' });
    }
    expect(existsSync(path.join(variants, '500'))).toBe(false);
  });

  it('answers a file that is not an image with 415, never decoding it, and a missing or escaping name with 404', async () => {
    for (const name of ['script.png', 'notes.txt']) {
      const res = await get(`/media/resized/640/variants-spec/${name}`);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ success: false, error: 'Not an image' });
      expect(existsSync(path.join(variants, '640', 'variants-spec', `${name}.webp`))).toBe(false);
    }
    expect((await get('/media/resized/640/variants-spec/missing.png')).statusCode).toBe(404);
    for (const escaping of ['..%2F..%2Fjwt-secret', '%2E%2E/%2E%2E/data-key.png', 'variants-spec/..%2F..%2F..%2Fetc%2Fpasswd']) {
      const res = await get(`/media/resized/640/${escaping}`);
      expect(res.statusCode, escaping).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, escaping).toBeLessThan(500);
      expect(res.headers['content-type'], escaping).not.toBe('image/webp');
    }
  });
});
