import { createHash } from 'node:crypto';
import type { MediaStorage } from './storage.js';

export interface CloudinaryConfig {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  folder: string;
}

/** CLOUDINARY_URL is `cloudinary://<api_key>:<api_secret>@<cloud_name>`. */
export function parseCloudinaryUrl(value: string): CloudinaryConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>');
  }
  if (url.protocol !== 'cloudinary:' || !url.username || !url.password || !url.hostname) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>');
  }
  return { cloudName: url.hostname, apiKey: decodeURIComponent(url.username), apiSecret: decodeURIComponent(url.password), folder: 'anime-collectibles' };
}

/** Cloudinary's upload signature: SHA-1 of the sorted `key=value` pairs joined by `&`, followed by the API secret. */
export function signParams(params: Record<string, string>, apiSecret: string): string {
  const payload = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('sha1').update(payload + apiSecret).digest('hex');
}

/**
 * The Cloudinary adapter of the storage port: a signed upload through Cloudinary's REST upload API (no SDK needed),
 * answering the secure URL. Not exercised against the real service in this repository's tests.
 */
export function cloudinaryStorage(config: CloudinaryConfig, fetchImpl: typeof fetch = fetch, now = () => Date.now()): MediaStorage {
  const upload = async (publicId: string, buffer: Buffer): Promise<string> => {
    const params = { folder: config.folder, public_id: publicId, timestamp: String(Math.floor(now() / 1000)) };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buffer)]));
    for (const [k, v] of Object.entries(params)) form.append(k, v);
    form.append('api_key', config.apiKey);
    form.append('signature', signParams(params, config.apiSecret));
    const response = await fetchImpl(`https://api.cloudinary.com/v1_1/${encodeURIComponent(config.cloudName)}/image/upload`, { method: 'POST', body: form });
    const body = (await response.json().catch(() => ({}))) as { secure_url?: string; error?: { message?: string } };
    if (!response.ok || !body.secure_url) throw new Error(`Cloudinary upload failed: ${body.error?.message ?? response.status}`);
    return body.secure_url;
  };
  return {
    kind: 'cloudinary',
    save: (buffer) => upload(createHash('sha256').update(buffer).digest('hex').slice(0, 32), buffer),
    saveAs: (name, buffer) => upload(name.replace(/\.[a-z0-9]+$/i, ''), buffer),
  };
}
