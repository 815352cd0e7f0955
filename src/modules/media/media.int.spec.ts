import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { cleanImage } from './image-content.js';
import { jpegWithGps, pixelBombPng } from './test-images.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';

function multipart(files: { field: string; name: string; content: Buffer }[]) {
  const boundary = '----mediatest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('media: uploads and the image proxy', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let shopper: Record<string, string>;
  let png: Buffer;
  let jpeg: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
    shopper = (await signUp(ctx.app)).auth;
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const upload = (url: string, files: { field: string; name: string; content: Buffer }[], headers = admin) => {
    const body = multipart(files);
    return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('single: stores an image checked by content and serves it at /media with long cache headers', async () => {
    const res = await upload('/api/cloudinary/single', [{ field: 'image', name: 'figure.png', content: png }]);
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ url: imageUrl });
    expect(served.statusCode).toBe(200);
    // Stored re-encoded (metadata dropped): the same picture, not necessarily the same bytes.
    const pixels = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(pixels.info).toMatchObject({ width: 8, height: 8, channels: 3 });
    expect(pixels.data.equals(await sharp(png).raw().toBuffer())).toBe(true);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('refuses a 20000 × 20000 PNG (138 bytes) from its header, before decoding, with 400 and stores nothing', async () => {
    const bomb = pixelBombPng(20_000, 20_000);
    const mediaRoot = path.resolve(ctx.runtime.env.DATA_DIR, 'media');
    const files = async () => (existsSync(mediaRoot) ? readdirSync(mediaRoot).length : 0);
    const before = await files();
    const res = await upload('/api/cloudinary/single', [{ field: 'image', name: 'bomb.png', content: bomb }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Image too large: at most 40 megapixels' });
    // No wall-clock bound here: the header check and sharp's limitInputPixels behind it both refuse without decoding.
    expect(await files()).toBe(before);
    const bulk = await upload('/api/cloudinary/multiple', [
      { field: 'images', name: 'bomb.png', content: bomb },
      { field: 'images', name: 'ok.png', content: png },
    ]);
    expect(bulk.json()).toMatchObject({ success: true, rejected: ['bomb.png'] });
    // Just under the cap is a picture like any other (header only: 6,400 × 6,250 = 40 MP is allowed, one row more is not).
    expect(await cleanImage(pixelBombPng(6_400, 6_251))).toEqual({ refused: 'too-many-pixels' });
  });

  it('strips EXIF (GPS position, camera serial) from an uploaded JPEG: the served bytes carry none', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('SN-123456'))).toBe(true);
    const res = await upload('/api/cloudinary/single', [{ field: 'image', name: 'photo.jpg', content: photo }]);
    expect(res.statusCode).toBe(200);
    const served = await ctx.app.inject({ url: res.json().imageUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('SN-123456'))).toBe(false);
  });

  it('refuses a non-image named .png, no file, too many files and a file over 10MB', async () => {
    expect(
      (await upload('/api/cloudinary/single', [{ field: 'image', name: 'evil.png', content: Buffer.from('<script>alert(1)</script>') }])).json(),
    ).toMatchObject({
      success: false,
      error: 'No valid images',
    });
    expect((await upload('/api/cloudinary/single', [])).json()).toMatchObject({ success: false, error: 'No files selected' });
    const six = Array.from({ length: 6 }, (_, i) => ({ field: 'images', name: `${i}.png`, content: png }));
    const tooMany = await upload('/api/cloudinary/multiple', six);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, error: 'Too many files' });
    expect(
      (
        await upload('/api/cloudinary/single', [
          { field: 'image', name: 'a.png', content: png },
          { field: 'image', name: 'b.png', content: png },
        ])
      ).json().error,
    ).toBe('Too many files');
    const big = await upload('/api/cloudinary/single', [{ field: 'image', name: 'big.png', content: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().success).toBe(false);
  });

  it('limits exactly at the spec values: 1 / 5 / 50 files and 10MB each are taken, one more file or byte is refused', async () => {
    const files = (n: number, field: string) => Array.from({ length: n }, (_, i) => ({ field, name: `at-${i}.png`, content: png }));
    expect((await upload('/api/cloudinary/single', files(1, 'image'))).json()).toMatchObject({ success: true });
    expect((await upload('/api/cloudinary/single', files(2, 'image'))).json()).toMatchObject({ success: false, error: 'Too many files' });
    expect((await upload('/api/cloudinary/multiple', files(5, 'images'))).json()).toMatchObject({ success: true, count: 5 });
    expect((await upload('/api/cloudinary/multiple', files(6, 'images'))).json()).toMatchObject({ success: false, error: 'Too many files' });
    expect((await upload('/api/cloudinary/bulk-product', files(50, 'images'))).json()).toMatchObject({ success: true, uploaded: 50 });
    expect((await upload('/api/cloudinary/bulk-product', files(51, 'images'))).json()).toMatchObject({ success: false, error: 'Too many files' });
    // A PNG padded after its end to exactly 10MB is still a PNG; one byte more is over the limit.
    const tenMb = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 - png.length)]);
    expect(tenMb.length).toBe(10 * 1024 * 1024);
    expect((await upload('/api/cloudinary/single', [{ field: 'image', name: 'ten.png', content: tenMb }])).json()).toMatchObject({ success: true });
    const over = await upload('/api/cloudinary/single', [{ field: 'image', name: 'over.png', content: Buffer.concat([tenMb, Buffer.alloc(1)]) }]);
    expect([over.statusCode, over.json()]).toEqual([413, { success: false, error: 'File too large: images may be at most 10MB each' }]);
  });

  it('multiple: up to 5 images, answer images[].url; non-images are skipped', async () => {
    const res = await upload('/api/cloudinary/multiple', [
      { field: 'images', name: 'a.png', content: png },
      { field: 'images', name: 'b.jpg', content: jpeg },
      { field: 'images', name: 'c.png', content: Buffer.from('text') },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().images.map((i: { url: string }) => i.url.split('.').pop())).toEqual(['png', 'jpg']);
    expect(res.json().rejected).toEqual(['c.png']);
  });

  it('bulk-product: imageMap from original file name to URL, usable by the bulk import', async () => {
    const files = Array.from({ length: 12 }, (_, i) => ({ field: 'images', name: `figure-${i}.png`, content: i % 2 ? png : jpeg }));
    const res = await upload('/api/cloudinary/bulk-product', files);
    expect(res.statusCode).toBe(200);
    const { imageMap } = res.json();
    expect(Object.keys(imageMap)).toHaveLength(12);
    expect(imageMap['figure-1.png']).toMatch(/^\/media\/.+\.png$/);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ field: 'images', name: `${i}.png`, content: png }));
    expect((await upload('/api/cloudinary/bulk-product', tooMany)).json().error).toBe('Too many files');
  });

  it.each([
    'http://127.0.0.1/a.png',
    'http://2130706433/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5/a.png',
    'http://192.168.1.1/a.png',
    'file:///etc/passwd',
    'https://evil.example.com/a.png',
  ])('the image proxy refuses %s with 400 and no fetch', async (url) => {
    const res = await ctx.app.inject({ url: `/api/products/image-proxy?url=${encodeURIComponent(url)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('the Drive-URL uploads apply the same guard', async () => {
    const one = await ctx.app.inject({ method: 'POST', url: '/api/cloudinary/upload-drive-url', headers: admin, payload: { url: 'http://127.0.0.1/a.png' } });
    expect(one.statusCode).toBe(400);
    const many = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloudinary/bulk-upload-drive-urls',
      headers: admin,
      payload: { urls: ['http://169.254.169.254/', 'file:///etc/passwd'] },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ success: false, error: 'No valid images', uploaded: 0, failed: 2 });
    expect(many.json().results.map((r: { error: string }) => r.error)).toEqual([
      'This image host is not allowed',
      'Only http and https image URLs are allowed',
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/cloudinary/upload-drive-url', headers: admin, payload: {} })).json().error).toBe(
      'Please provide an image URL',
    );
  });

  it.each([
    '/api/cloudinary/single',
    '/api/cloudinary/multiple',
    '/api/cloudinary/bulk-product',
    '/api/cloudinary/upload-drive-url',
    '/api/cloudinary/bulk-upload-drive-urls',
  ])('POST %s: 401 for guests, 403 for shoppers', async (url) => {
    expect((await ctx.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url, headers: shopper, payload: {} })).statusCode).toBe(403);
  });

  it('media paths cannot escape the media folder', async () => {
    expect((await ctx.app.inject({ url: '/media/../jwt-secret' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/media/%2e%2e/jwt-secret' })).statusCode).toBe(404);
  });
});
