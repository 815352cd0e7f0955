import { createHash } from 'node:crypto';
import type { Agent } from 'node:http';
import { v2 as cloudinary, type UploadApiErrorResponse, type UploadApiResponse } from 'cloudinary';
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

export interface CloudinaryTransport {
  /** Where the upload API lives (the SDK's `upload_prefix`); Cloudinary's own by default. Tests point it at a local fake. */
  uploadPrefix?: string;
  /** The HTTP agent the SDK posts through (an `http.Agent` for a plain-http fake endpoint). */
  agent?: Agent;
}

/**
 * The Cloudinary adapter of the storage port: a signed upload through the official SDK (`cloudinary` v2,
 * `uploader.upload_stream`, credentials passed per call so the SDK's global configuration is never touched),
 * answering the secure URL.
 */
export function cloudinaryStorage(config: CloudinaryConfig, transport: CloudinaryTransport = {}): MediaStorage {
  const upload = (publicId: string, buffer: Buffer): Promise<string> =>
    new Promise((resolve, reject) => {
      const stream = cloudinary.uploader.upload_stream(
        {
          cloud_name: config.cloudName,
          api_key: config.apiKey,
          api_secret: config.apiSecret,
          folder: config.folder,
          public_id: publicId,
          resource_type: 'image',
          timeout: 60_000,
          ...(transport.uploadPrefix ? { upload_prefix: transport.uploadPrefix } : {}),
          ...(transport.agent ? { agent: transport.agent } : {}),
        },
        (error?: UploadApiErrorResponse, result?: UploadApiResponse) => {
          if (error || !result?.secure_url) reject(new Error(`Cloudinary upload failed: ${error?.message ?? 'no secure_url in the answer'}`));
          else resolve(result.secure_url);
        },
      );
      stream.end(buffer);
    });
  return {
    kind: 'cloudinary',
    save: (buffer) => upload(createHash('sha256').update(buffer).digest('hex').slice(0, 32), buffer),
    saveAs: (name, buffer) => upload(name.replace(/\.[a-z0-9]+$/i, ''), buffer),
  };
}
