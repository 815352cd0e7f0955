import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cloudinaryStorage, parseCloudinaryUrl, signParams } from './cloudinary-storage.js';

describe('Cloudinary storage adapter', () => {
  it('parses CLOUDINARY_URL and refuses other shapes', () => {
    expect(parseCloudinaryUrl('cloudinary://123456:s3cr3t@demo-cloud')).toEqual({ cloudName: 'demo-cloud', apiKey: '123456', apiSecret: 's3cr3t', folder: 'anime-collectibles' });
    expect(() => parseCloudinaryUrl('https://demo-cloud')).toThrow('CLOUDINARY_URL must look like');
    expect(() => parseCloudinaryUrl('cloudinary://demo-cloud')).toThrow('CLOUDINARY_URL must look like');
  });

  it('signs the sorted parameters with the secret (Cloudinary example: SHA-1 of "public_id=sample_image&timestamp=1315060510" + secret)', () => {
    const expected = createHash('sha1').update('public_id=sample_image&timestamp=1315060510abcd').digest('hex');
    expect(signParams({ timestamp: '1315060510', public_id: 'sample_image' }, 'abcd')).toBe(expected);
  });

  it('uploads signed to the cloud upload endpoint and answers secure_url; a refusal is an error', async () => {
    const calls: { url: string; form: FormData }[] = [];
    const fakeFetch = (async (url: string, init: { body: FormData }) => {
      calls.push({ url, form: init.body });
      return new Response(JSON.stringify({ secure_url: 'https://res.cloudinary.com/demo-cloud/image/upload/v1/anime-collectibles/x.png' }), { status: 200 });
    }) as unknown as typeof fetch;
    const storage = cloudinaryStorage(parseCloudinaryUrl('cloudinary://123456:s3cr3t@demo-cloud'), fakeFetch, () => 1_700_000_000_000);
    const url = await storage.save(Buffer.from('png-bytes'), 'png');
    expect(url).toBe('https://res.cloudinary.com/demo-cloud/image/upload/v1/anime-collectibles/x.png');
    expect(calls[0]!.url).toBe('https://api.cloudinary.com/v1_1/demo-cloud/image/upload');
    const form = calls[0]!.form;
    expect(form.get('api_key')).toBe('123456');
    expect(form.get('timestamp')).toBe('1700000000');
    expect(form.get('signature')).toBe(signParams({ folder: 'anime-collectibles', public_id: String(form.get('public_id')), timestamp: '1700000000' }, 's3cr3t'));
    const failing = cloudinaryStorage(parseCloudinaryUrl('cloudinary://1:2@c'), (async () => new Response(JSON.stringify({ error: { message: 'Invalid Signature' } }), { status: 401 })) as unknown as typeof fetch);
    await expect(failing.save(Buffer.from('x'), 'png')).rejects.toThrow('Cloudinary upload failed: Invalid Signature');
  });
});
