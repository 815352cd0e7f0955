import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkImageUrl, defaultPolicy, fetchRemoteImage, RemoteImageError, type FetchPolicy, type Resolver } from './remote-image.js';

describe('image URL checks: edges', () => {
  it.each([
    ['https://user@images.unsplash.com/a.png', 'credentials'],
    ['https://:pw@images.unsplash.com/a.png', 'credentials'],
    ['https://images.unsplash.com:8080/a.png', 'default port'],
    ['http://images.unsplash.com:8443/a.png', 'default port'],
    ['https://evilunsplash.com/a.png', 'This image host is not allowed'],
    ['https://8.8.8.8/a.png', 'This image host is not allowed'],
    ['https://[2607:f8b0::1]/a.png', 'This image host is not allowed'],
  ])('refuses %s', (url, message) => {
    expect(() => checkImageUrl(url)).toThrow(message);
    try {
      checkImageUrl(url);
    } catch (error) {
      expect((error as RemoteImageError).statusCode).toBe(400);
    }
  });

  it.each([
    ['  https://images.unsplash.com/a.png  ', 'images.unsplash.com'],
    ['http://images.unsplash.com:443/a.png', 'images.unsplash.com'],
    ['https://images.unsplash.com:80/a.png', 'images.unsplash.com'],
    ['https://IMAGES.Unsplash.com./a.png', 'images.unsplash.com'],
    ['https://a.b.res.cloudinary.com/x.png', 'a.b.res.cloudinary.com'],
  ])('accepts %s', (url, host) => expect(checkImageUrl(url).hostname.replace(/\.$/, '')).toBe(host));

  it('the production host rule: listed hosts and their subdomains, never an IP literal', () => {
    expect(defaultPolicy.allowHost('picsum.photos')).toBe(true);
    expect(defaultPolicy.allowHost('x.picsum.photos')).toBe(true);
    expect(defaultPolicy.allowHost('xpicsum.photos')).toBe(false);
    expect(defaultPolicy.allowHost('[::1]')).toBe(false);
    expect(defaultPolicy.allowHost('1.1.1.1')).toBe(false);
  });

  it('an IPv6 literal host is checked by the address rule once the host rule lets it through', () => {
    const anyHost: FetchPolicy = { ...defaultPolicy, allowHost: () => true };
    expect(() => checkImageUrl('http://[fd00::1]/a.png', anyHost)).toThrow('This address is not allowed');
    expect(checkImageUrl('http://[2607:f8b0::1]/a.png', anyHost).hostname).toBe('[2607:f8b0::1]');
  });
});

describe('fetchRemoteImage: statuses, sizes, types, redirects and failures against a local server', () => {
  let server: http.Server;
  let base: string;
  let png: Buffer;
  const seenHeaders: http.IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      seenHeaders.push(req.headers);
      const status = Number(url.searchParams.get('status') ?? 200);
      if (url.pathname === '/status') return res.writeHead(status, { location: '/image.png' }).end();
      if (url.pathname === '/no-location') return res.writeHead(302).end();
      if (url.pathname === '/chain') {
        const left = Number(url.searchParams.get('n'));
        return res.writeHead(302, { location: left > 0 ? `/chain?n=${left - 1}` : '/image.png' }).end();
      }
      if (url.pathname === '/typed') return res.writeHead(200, { 'content-type': url.searchParams.get('type')! }).end(png);
      if (url.pathname === '/chunked') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(png.subarray(0, 10));
        return res.end(png.subarray(10));
      }
      if (url.pathname === '/silent') return; // never answers
      if (url.pathname === '/declared-huge') {
        // declares more than the cap, sends a little and holds the rest back: refused on the header, not after waiting
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(Number(url.searchParams.get('length'))) });
        return res.write(png.subarray(0, 10));
      }
      if (url.pathname === '/cut-off') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
        res.write(png.subarray(0, 10));
        return void setImmediate(() => res.socket?.destroy());
      }
      if (url.pathname === '/image.png') return res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

  const policy: FetchPolicy = { allowHost: () => true, allowAddress: (ip) => ip === '127.0.0.1', allowPort: () => true };
  const opts = { policy };
  const failure = async (promise: Promise<unknown>) => {
    const error = (await promise.then(
      () => null,
      (e: unknown) => e,
    )) as RemoteImageError;
    return [error?.statusCode, error?.message];
  };

  it('asks for an image with its own user agent', async () => {
    await fetchRemoteImage(`${base}/image.png`, opts);
    expect(seenHeaders.at(-1)).toMatchObject({ accept: 'image/*', 'user-agent': 'AnimeCollectibles-ImageProxy/1.0' });
  });

  it('follows 300 and 399 redirects; 200-other and 4xx answers are failures', async () => {
    for (const status of [300, 301, 307, 399])
      expect((await fetchRemoteImage(`${base}/status?status=${status}`, opts)).buffer.equals(png), String(status)).toBe(true);
    expect(await failure(fetchRemoteImage(`${base}/status?status=204`, opts))).toEqual([502, 'The image host answered 204']);
    expect(await failure(fetchRemoteImage(`${base}/status?status=400`, opts))).toEqual([502, 'The image host answered 400']);
    expect(await failure(fetchRemoteImage(`${base}/missing`, opts))).toEqual([502, 'The image host answered 404']);
  });

  it('a redirect without a location, or past the redirect budget (4 by default), fails', async () => {
    expect(await failure(fetchRemoteImage(`${base}/no-location`, opts))).toEqual([502, 'Too many redirects']);
    expect((await fetchRemoteImage(`${base}/chain?n=3`, opts)).finalUrl).toBe(`${base}/image.png`); // 4 redirects
    expect(await failure(fetchRemoteImage(`${base}/chain?n=4`, opts))).toEqual([502, 'Too many redirects']); // 5
    expect((await fetchRemoteImage(`${base}/chain?n=0`, { ...opts, maxRedirects: 1 })).finalUrl).toBe(`${base}/image.png`);
    expect(await failure(fetchRemoteImage(`${base}/chain?n=1`, { ...opts, maxRedirects: 1 }))).toEqual([502, 'Too many redirects']);
  });

  it('size cap: exactly maxBytes is taken, one byte less refuses by declared length and by counted bytes', async () => {
    expect((await fetchRemoteImage(`${base}/image.png`, { ...opts, maxBytes: png.length })).buffer.length).toBe(png.length);
    expect(await failure(fetchRemoteImage(`${base}/image.png`, { ...opts, maxBytes: png.length - 1 }))).toEqual([400, 'Image is larger than 10MB']);
    expect((await fetchRemoteImage(`${base}/chunked`, { ...opts, maxBytes: png.length })).buffer.equals(png)).toBe(true);
    expect(await failure(fetchRemoteImage(`${base}/chunked`, { ...opts, maxBytes: png.length - 1 }))).toEqual([400, 'Image is larger than 10MB']);
  });

  it('a declared length over the cap is refused from the header, before the body arrives', async () => {
    const declared = `${base}/declared-huge?length=${png.length + 1}`;
    expect(await failure(fetchRemoteImage(declared, { ...opts, maxBytes: png.length, timeoutMs: 5_000 }))).toEqual([400, 'Image is larger than 10MB']);
  });

  it('a body cut off half-way is a 502, not an unhandled error', async () => {
    expect(await failure(fetchRemoteImage(`${base}/cut-off`, opts))).toEqual([502, 'Could not fetch the image']);
  });

  it('a host gets 10 s to answer unless told otherwise', async () => {
    const get = vi.spyOn(http, 'get');
    try {
      await fetchRemoteImage(`${base}/image.png`, opts);
      await fetchRemoteImage(`${base}/image.png`, { ...opts, timeoutMs: 1234 });
      expect(get.mock.calls.map((call) => (call[1] as http.RequestOptions).timeout)).toEqual([10_000, 1234]);
    } finally {
      get.mockRestore();
    }
  });

  it('content types: image/* in any case and application/octet-stream pass (then the bytes decide); others are refused', async () => {
    for (const type of ['image/png', 'IMAGE/PNG', 'application/octet-stream', 'application/octet-stream; charset=binary']) {
      expect((await fetchRemoteImage(`${base}/typed?type=${encodeURIComponent(type)}`, opts)).mime, type).toBe('image/png');
    }
    for (const type of ['text/plain', 'x-image/png', 'text/html; image/png', 'x-application/octet-stream']) {
      expect(await failure(fetchRemoteImage(`${base}/typed?type=${encodeURIComponent(type)}`, opts)), type).toEqual([400, 'The URL is not an image']);
    }
  });

  it('a host that does not answer in time, a closed port, and https to a plain http server are 502s', async () => {
    expect(await failure(fetchRemoteImage(`${base}/silent`, { ...opts, timeoutMs: 200 }))).toEqual([502, 'The image host did not answer in time']);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failure(fetchRemoteImage(`http://127.0.0.1:${closedPort}/image.png`, opts))).toEqual([502, 'Could not fetch the image']);
    expect(await failure(fetchRemoteImage(`${base.replace('http:', 'https:')}/image.png`, opts))).toEqual([502, 'Could not fetch the image']);
  });

  it('name resolution: asked for any family; no answer or a failing resolver refuse or fail without connecting', async () => {
    const families: number[] = [];
    const port = base.split(':').pop();
    const answering =
      (addresses: string[]): Resolver =>
      async (_host, family) => (families.push(family), addresses.map((address) => ({ address, family: 4 })));
    expect((await fetchRemoteImage(`http://resolve-a.test:${port}/image.png`, { ...opts, resolve: answering(['127.0.0.1']) })).buffer.equals(png)).toBe(true);
    expect(families).toEqual([0]);
    expect(await failure(fetchRemoteImage(`http://resolve-b.test:${port}/image.png`, { ...opts, resolve: answering([]) }))).toEqual([
      400,
      'This address is not allowed',
    ]);
    const failing: Resolver = async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(await failure(fetchRemoteImage(`http://resolve-c.test:${port}/image.png`, { ...opts, resolve: failing }))).toEqual([
      502,
      'Could not fetch the image',
    ]);
  });
});
