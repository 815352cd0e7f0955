import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.js';
import { checkImageUrl, defaultPolicy, fetchRemoteImage, type FetchPolicy, type Resolver } from './remote-image.js';
import { driveFileId, normaliseImageUrl } from '../../contract/image-urls.js';

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.1.1', 'cgnat'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:0a00:0001::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['2607:f8b0:4004::200e', 'public'],
    ['not-an-ip', 'invalid'],
  ])('%s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));
});

describe('the production address rule (defaultPolicy.allowAddress)', () => {
  it.each([
    ['loopback', ['127.0.0.1', '127.0.0.2', '127.255.255.254']],
    ['RFC 1918', ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255']],
    ['CGNAT 100.64/10', ['100.64.0.1', '100.127.255.254']],
    ['link-local and cloud metadata 169.254/16', ['169.254.169.254', '169.254.0.1', '169.254.255.255']],
    ['unspecified 0.0.0.0/8', ['0.0.0.0', '0.1.2.3']],
    ['multicast, broadcast and reserved', ['224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '198.18.0.1', '192.0.2.1']],
    ['IPv6 loopback and unspecified', ['::1', '0:0:0:0:0:0:0:1', '::', '[::1]']],
    ['IPv6 unique local fc00::/7', ['fc00::1', 'fd12:3456::1', 'fdff:ffff::1']],
    ['IPv6 link-local fe80::/10', ['fe80::1', 'fe80::1%eth0', 'febf::1']],
    ['IPv4-mapped', ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:0:7f00:1']],
    ['NAT64 and 6to4 carrying an internal IPv4', ['64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '2002:a00:1::1']],
    ['IPv4-compatible', ['::127.0.0.1', '::a00:1']],
    ['not an address', ['localhost', '', '127.1', '2130706433']],
  ])('refuses %s', (_kind, addresses) => {
    for (const ip of addresses) expect(defaultPolicy.allowAddress(ip), ip).toBe(false);
  });

  it('allows public addresses, right beside the refused ranges', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '9.255.255.255',
      '11.0.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '169.253.255.255',
      '172.15.255.255',
      '172.32.0.1',
      '192.167.255.255',
      '2607:f8b0:4004::200e',
      '::ffff:8.8.8.8',
    ]) {
      expect(defaultPolicy.allowAddress(ip), ip).toBe(true);
    }
  });

  it('refuses obfuscated IPv4 forms of internal addresses once the URL parser has normalised them', () => {
    // A policy that lets every host through, so the production address rule alone decides.
    const anyHost: FetchPolicy = { ...defaultPolicy, allowHost: () => true };
    for (const raw of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://017700000001/',
      'http://0x7f.1/',
      'http://0/',
      'http://0xa9fea9fe/',
      'http://2852039166/',
      'http://10.1/',
      'http://[::ffff:7f00:1]/',
      'http://[::1]/',
    ]) {
      expect(() => checkImageUrl(raw, anyHost), raw).toThrow('This address is not allowed');
    }
    expect(checkImageUrl('http://8.8.8.8/a.png', anyHost).hostname).toBe('8.8.8.8');
  });
});

describe('image URL checks before any connection', () => {
  it.each([
    ['http://127.0.0.1/a.png', 'not allowed'],
    ['http://2130706433/a.png', 'not allowed'],
    ['http://0x7f000001/a.png', 'not allowed'],
    ['http://127.1/a.png', 'not allowed'],
    ['http://[::ffff:127.0.0.1]/a.png', 'not allowed'],
    ['http://169.254.169.254/latest/meta-data/', 'not allowed'],
    ['http://10.0.0.1/a.png', 'not allowed'],
    ['file:///etc/passwd', 'Only http and https'],
    ['ftp://images.unsplash.com/a.png', 'Only http and https'],
    ['gopher://images.unsplash.com/', 'Only http and https'],
    ['https://user:pw@images.unsplash.com/a.png', 'credentials'],
    ['https://images.unsplash.com:8443/a.png', 'default port'],
    ['https://evil.example.com/a.png', 'not allowed'],
    ['https://images.unsplash.com.evil.example/a.png', 'not allowed'],
    ['not a url', 'Invalid image URL'],
  ])('refuses %s', (url, message) => {
    expect(() => checkImageUrl(url)).toThrow(message);
  });

  it('obfuscated IPv4 forms normalise to the loopback address', () => {
    for (const raw of ['http://2130706433/', 'http://0x7f000001/', 'http://127.1/', 'http://0177.0.0.1/']) expect(new URL(raw).hostname).toBe('127.0.0.1');
  });

  it('accepts the allowed hosts', () => {
    expect(checkImageUrl('https://images.unsplash.com/photo-1.jpg').hostname).toBe('images.unsplash.com');
    expect(checkImageUrl('https://lh3.googleusercontent.com/d/abc').hostname).toBe('lh3.googleusercontent.com');
    expect(checkImageUrl('https://drive.google.com/uc?export=view&id=abc').hostname).toBe('drive.google.com');
  });

  it('converts Drive share links and bare ids', () => {
    const id = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    for (const link of [`https://drive.google.com/file/d/${id}/view?usp=sharing`, `https://drive.google.com/open?id=${id}`, id])
      expect(driveFileId(link)).toBe(id);
    expect(normaliseImageUrl(id)).toBe(`https://drive.google.com/uc?export=view&id=${id}`);
    expect(normaliseImageUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseImageUrl('/media/../etc/passwd')).toBeNull();
  });
});

describe('fetchRemoteImage against a local server', () => {
  let server: http.Server;
  let base: string;
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    server = http.createServer((req, res) => {
      if (req.url === '/image.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.url === '/fake.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
      if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(png);
        return res.end(Buffer.alloc(11 * 1024 * 1024));
      }
      if (req.url === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/to-image') return res.writeHead(301, { location: '/image.png' }).end();
      if (req.url?.startsWith('/redirect?to=')) return res.writeHead(302, { location: new URL(req.url, 'http://x').searchParams.get('to')! }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // The test server lives on loopback: this policy lets 127.0.0.1 (and its port) through, and nothing else.
  const opts = { policy: { allowHost: () => true, allowAddress: (ip: string) => ip === '127.0.0.1', allowPort: () => true } satisfies FetchPolicy };

  it('fetches a real image and follows a checked redirect', async () => {
    const image = await fetchRemoteImage(`${base}/to-image`, opts);
    expect(image.mime).toBe('image/png');
    expect(image.buffer.equals(png)).toBe(true);
  });

  it('refuses a page, a fake image by content, and an oversized body', async () => {
    await expect(fetchRemoteImage(`${base}/page`, opts)).rejects.toThrow('The URL is not an image');
    await expect(fetchRemoteImage(`${base}/fake.png`, opts)).rejects.toThrow('The URL is not an image');
    await expect(fetchRemoteImage(`${base}/huge`, opts)).rejects.toThrow('Image is larger than 10MB');
  });

  it('re-checks every redirect hop: metadata address and file: are refused', async () => {
    await expect(fetchRemoteImage(`${base}/to-metadata`, opts)).rejects.toThrow('This address is not allowed');
    await expect(fetchRemoteImage(`${base}/to-file`, opts)).rejects.toThrow('Only http and https');
  });

  it('checks DNS answers at connect time: a name resolving to loopback is refused by the default address rule', async () => {
    const port = base.split(':').pop();
    const production = { policy: { ...defaultPolicy, allowHost: () => true, allowPort: () => true } };
    await expect(fetchRemoteImage(`http://localhost:${port}/image.png`, production)).rejects.toThrow('This address is not allowed');
  });

  /** Answers each name from the table; the test server only listens on 127.0.0.1, so nothing else is ever reached. */
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    async (hostname) =>
      (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const port = () => base.split(':').pop()!;
  // The production policy (host allow-list and address rule); only the test server's port is opened.
  const production: FetchPolicy = { ...defaultPolicy, allowPort: () => true };

  it('an allowed host name whose DNS answers a private address is refused before connecting', async () => {
    for (const answer of [['127.0.0.1'], ['::1'], ['::ffff:127.0.0.1'], ['127.0.0.1', '8.8.8.8']]) {
      const resolve = resolver({ 'images.unsplash.com': answer });
      await expect(fetchRemoteImage(`http://images.unsplash.com:${port()}/image.png`, { policy: production, resolve }), answer.join()).rejects.toThrow(
        'This address is not allowed',
      );
    }
    // The same name and resolver with 127.0.0.1 let through reaches the test server: the resolver is what connects.
    const resolve = resolver({ 'images.unsplash.com': ['127.0.0.1'] });
    const image = await fetchRemoteImage(`http://images.unsplash.com:${port()}/image.png`, {
      policy: { ...production, allowAddress: (ip) => ip === '127.0.0.1' },
      resolve,
    });
    expect(image.buffer.equals(png)).toBe(true);
  });

  it('a redirect to an allowed host name that resolves to a private address is refused (the hop is checked again)', async () => {
    // gateway.test is the test server; cdn.pixabay.com answers 127.0.0.2, where nothing listens. (Names no other test
    // used: the global agent keeps sockets alive per host and port, and a kept socket needs no lookup.)
    const resolve = resolver({ 'gateway.test': ['127.0.0.1'], 'cdn.pixabay.com': ['127.0.0.2'] });
    const policy: FetchPolicy = {
      allowHost: (h) => h === 'gateway.test' || defaultPolicy.allowHost(h),
      allowAddress: (ip) => ip === '127.0.0.1' || defaultPolicy.allowAddress(ip),
      allowPort: () => true,
    };
    const to = (target: string) => `http://gateway.test:${port()}/redirect?to=${encodeURIComponent(target)}`;
    await expect(fetchRemoteImage(to(`http://cdn.pixabay.com:${port()}/image.png`), { policy, resolve })).rejects.toThrow('This address is not allowed');
    await expect(
      fetchRemoteImage(to(`http://[::ffff:127.0.0.2]:${port()}/image.png`), { policy: { ...policy, allowHost: () => true }, resolve }),
    ).rejects.toThrow('This address is not allowed');
    // and a redirect back to the test server itself is followed
    const image = await fetchRemoteImage(to(`http://gateway.test:${port()}/image.png`), { policy, resolve });
    expect(image.buffer.equals(png)).toBe(true);
  });
});
