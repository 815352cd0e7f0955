import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ValidationError } from '../../core/errors.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { cleanImage, MAX_IMAGE_BYTES, TOO_MANY_PIXELS } from './image-content.js';
import { driveDirectLink, driveFileId } from '../../contract/image-urls.js';
import { fetchRemoteImage, RemoteImageError } from './remote-image.js';
import {
  bulkProductUploadResponses,
  driveBulkUploadResponses,
  driveUploadResponses,
  driveUrlBody,
  driveUrlsBody,
  imageProxyResponses,
  multipleUploadResponses,
  proxyQuery,
  singleUploadResponses,
} from './schemas.js';
import type { MediaStorage } from './storage.js';

interface UploadedFile {
  filename: string;
  buffer: Buffer;
}

/** Reads up to `max` files of the multipart body (10MB each); spec messages for none and for too many. */
async function readFiles(request: FastifyRequest, max: number): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new ValidationError('No files selected');
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: max } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (buffer.length > 0) files.push({ filename: part.filename, buffer });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new ValidationError('Too many files');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'File too large: images may be at most 10MB each');
    throw error;
  }
  if (files.length === 0) throw new ValidationError('No files selected');
  return files;
}

/** Stores one image re-encoded without metadata (cleanImage); 400 with the reason when it is refused. */
async function keepImage(storage: MediaStorage, buffer: Buffer): Promise<string> {
  const clean = await cleanImage(buffer);
  if ('refused' in clean) throw new ValidationError(clean.refused === 'too-many-pixels' ? TOO_MANY_PIXELS : 'No valid images');
  return storage.save(clean.buffer, clean.ext);
}

/** Keeps the files whose content is an image within the pixel cap, re-encoded; the others are reported by name. */
async function storeImages(storage: MediaStorage, files: UploadedFile[]) {
  const stored: { originalName: string; url: string }[] = [];
  const rejected: string[] = [];
  let tooLarge = false;
  for (const file of files) {
    const clean = await cleanImage(file.buffer);
    if ('refused' in clean) {
      tooLarge ||= clean.refused === 'too-many-pixels';
      rejected.push(file.filename);
      continue;
    }
    stored.push({ originalName: file.filename, url: await storage.save(clean.buffer, clean.ext) });
  }
  if (stored.length === 0) throw new ValidationError(tooLarge ? TOO_MANY_PIXELS : 'No valid images');
  return { stored, rejected };
}

/** A Drive share link or bare id becomes its direct link; other URLs are fetched as given (both pass the SSRF guard). */
const remoteUrl = (input: string) => {
  const id = driveFileId(input);
  return id ? driveDirectLink(id) : input.trim();
};

export async function mediaRoutes(app: FastifyInstance, runtime: ModuleDeps, storage: MediaStorage): Promise<void> {
  // The image proxy: public, so that <img src> works for shoppers; same SSRF rules as the Drive uploads.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/products/image-proxy', { schema: { querystring: proxyQuery, response: imageProxyResponses } }, async (request, reply) => {
      const image = await fetchRemoteImage(request.query.url, runtime.imageFetch);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.buffer);
    });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 50, fields: 20 } });
    scope.addHook('onRequest', requireAdmin);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post('/cloudinary/single', { schema: { response: singleUploadResponses } }, async (request) => {
      const files = await readFiles(request, 1);
      const { stored } = await storeImages(storage, files);
      return { success: true, imageUrl: stored[0]!.url, url: stored[0]!.url };
    });

    api.post('/cloudinary/multiple', { schema: { response: multipleUploadResponses } }, async (request) => {
      const files = await readFiles(request, 5);
      const { stored, rejected } = await storeImages(storage, files);
      return { success: true, images: stored, count: stored.length, rejected };
    });

    api.post('/cloudinary/bulk-product', { schema: { response: bulkProductUploadResponses } }, async (request) => {
      const files = await readFiles(request, 50);
      const { stored, rejected } = await storeImages(storage, files);
      return { success: true, imageMap: Object.fromEntries(stored.map((s) => [s.originalName, s.url])), uploaded: stored.length, rejected };
    });

    api.post('/cloudinary/upload-drive-url', { schema: { body: driveUrlBody, response: driveUploadResponses } }, async (request) => {
      const image = await fetchRemoteImage(remoteUrl(request.body.url), runtime.imageFetch);
      const url = await keepImage(storage, image.buffer);
      return { success: true, imageUrl: url, url, originalUrl: request.body.url };
    });

    api.post('/cloudinary/bulk-upload-drive-urls', { schema: { body: driveUrlsBody, response: driveBulkUploadResponses } }, async (request, reply) => {
      const results: { originalUrl: string; url?: string; imageUrl?: string; error?: string }[] = [];
      for (const original of request.body.urls) {
        try {
          const image = await fetchRemoteImage(remoteUrl(original), runtime.imageFetch);
          const url = await keepImage(storage, image.buffer);
          results.push({ originalUrl: original, url, imageUrl: url });
        } catch (error) {
          if (!(error instanceof RemoteImageError)) runtime.log.warn({ err: error }, 'drive url upload failed');
          results.push({ originalUrl: original, error: error instanceof AppError ? error.message : 'Could not fetch the image' });
        }
      }
      const uploaded = results.filter((r) => r.url);
      return reply.code(uploaded.length > 0 ? 200 : 400).send({
        success: uploaded.length > 0,
        ...(uploaded.length === 0 ? { error: 'No valid images' } : {}),
        results,
        images: uploaded.map((r) => ({ url: r.url!, originalUrl: r.originalUrl })),
        uploaded: uploaded.length,
        failed: results.length - uploaded.length,
      });
    });
  });
}
