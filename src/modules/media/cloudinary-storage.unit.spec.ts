import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudinaryStorage, parseCloudinaryUrl } from './cloudinary-storage.js';

/** A local stand-in for Cloudinary's upload API: records each multipart request and answers like Cloudinary. */
interface Received {
  url: string;
  fields: Map<string, string>;
  file: string;
}

function multipartFields(body: Buffer, contentType: string): { fields: Map<string, string>; file: string } {
  const boundary = /boundary=([^;]+)/.exec(contentType)![1]!;
  const fields = new Map<string, string>();
  let file = '';
  for (const part of body.toString('latin1').split(`--${boundary}`)) {
    const name = /name="([^"]+)"/.exec(part)?.[1];
    if (!name) continue;
    const value = part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
    if (/filename=/.test(part)) file = value;
    else fields.set(name, value);
  }
  return { fields, file };
}

describe('Cloudinary storage adapter (official SDK against a local fake endpoint)', () => {
  const received: Received[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let server: http.Server;
  let prefix: string;
  const agent = new http.Agent();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url!, ...multipartFields(Buffer.concat(chunks), req.headers['content-type']!) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    prefix = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('parses CLOUDINARY_URL and refuses other shapes', () => {
    expect(parseCloudinaryUrl('cloudinary://123456:s3cr3t@demo-cloud')).toEqual({
      cloudName: 'demo-cloud',
      apiKey: '123456',
      apiSecret: 's3cr3t',
      folder: 'anime-collectibles',
    });
    expect(() => parseCloudinaryUrl('https://demo-cloud')).toThrow('CLOUDINARY_URL must look like');
    expect(() => parseCloudinaryUrl('cloudinary://demo-cloud')).toThrow('CLOUDINARY_URL must look like');
  });

  it('uploads the bytes signed to the cloud upload endpoint and answers secure_url', async () => {
    answer = { status: 200, body: { secure_url: 'https://res.cloudinary.com/demo-cloud/image/upload/v1/anime-collectibles/x.png' } };
    const storage = cloudinaryStorage(parseCloudinaryUrl('cloudinary://123456:s3cr3t@demo-cloud'), { uploadPrefix: prefix, agent });
    const bytes = Buffer.from('png-bytes');
    expect(await storage.save(bytes, 'png')).toBe('https://res.cloudinary.com/demo-cloud/image/upload/v1/anime-collectibles/x.png');
    const request = received.at(-1)!;
    expect(request.url).toBe('/v1_1/demo-cloud/image/upload');
    expect(request.file).toBe('png-bytes');
    const fields = request.fields;
    expect(fields.get('api_key')).toBe('123456');
    expect(fields.get('folder')).toBe('anime-collectibles');
    expect(fields.get('public_id')).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 32));
    // Cloudinary's signature: SHA-1 of the sorted signed parameters joined by '&', then the API secret.
    const signed = ['folder', 'public_id', 'timestamp'].map((k) => `${k}=${fields.get(k)}`).join('&');
    expect(fields.get('signature')).toBe(createHash('sha1').update(`${signed}s3cr3t`).digest('hex'));
    expect(fields.has('api_secret')).toBe(false);

    await storage.saveAs('gallery-1.webp', bytes);
    expect(received.at(-1)!.fields.get('public_id')).toBe('gallery-1');
  });

  it("a refusal is an error carrying Cloudinary's message", async () => {
    answer = { status: 401, body: { error: { message: 'Invalid Signature' } } };
    const storage = cloudinaryStorage(parseCloudinaryUrl('cloudinary://1:2@c'), { uploadPrefix: prefix, agent });
    await expect(storage.save(Buffer.from('x'), 'png')).rejects.toThrow('Cloudinary upload failed: Invalid Signature');
  });
});
