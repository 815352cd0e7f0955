import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.js';
import { checkImageUrl, fetchRemoteImage, type FetchPolicy } from './remote-image.js';
import { driveFileId, normaliseImageUrl } from './image-urls.js';

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
    for (const link of [`https://drive.google.com/file/d/${id}/view?usp=sharing`, `https://drive.google.com/open?id=${id}`, id]) expect(driveFileId(link)).toBe(id);
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
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).png().toBuffer();
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
    const publicOnly = { policy: { allowHost: () => true, allowAddress: (ip: string) => classifyAddress(ip) === 'public', allowPort: () => true } };
    await expect(fetchRemoteImage(`http://localhost:${port}/image.png`, publicOnly)).rejects.toThrow('This address is not allowed');
  });
});
