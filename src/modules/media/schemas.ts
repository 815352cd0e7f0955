import { z } from 'zod';
import { answers, binary, errors, ok } from '../../contract/wire.js';
import { VARIANT_WIDTHS, type VariantWidth } from './image-variants.js';

export const driveUrlBody = z.object({ url: z.string({ error: 'Please provide an image URL' }).trim().min(1, 'Please provide an image URL').max(2000) });
export const driveUrlsBody = z.object({
  urls: z
    .array(z.string().trim().max(2000), { error: 'Please provide a list of image URLs' })
    .min(1, 'Please provide a list of image URLs')
    .max(50, 'Too many files'),
});
export const proxyQuery = z.object({ url: z.string({ error: 'Missing url' }).min(1, 'Missing url').max(4000, 'URL is too long') });

/** The image's bytes with its own content type. */
export const imageProxyResponses = { 200: binary('The image (image/jpeg, image/png, image/webp, image/gif, ...)'), ...errors };

/** The admin spec reads `imageUrl`; `url` carries the same address. */
export const singleUploadResponses = answers(ok({ imageUrl: z.string(), url: z.string() }));
/** `rejected`: names of the files that were not images. */
export const multipleUploadResponses = answers(
  ok({ images: z.array(z.object({ originalName: z.string(), url: z.string() })), count: z.number().int(), rejected: z.array(z.string()) }),
);
/** `imageMap`: file name → stored address, for the bulk import's image column. */
export const bulkProductUploadResponses = answers(
  ok({ imageMap: z.record(z.string(), z.string()), uploaded: z.number().int(), rejected: z.array(z.string()) }),
);
export const driveUploadResponses = answers(ok({ imageUrl: z.string(), url: z.string(), originalUrl: z.string() }));
/** 200 when at least one image was kept (400 with the same fields and `error` when none was). */
export const driveBulkUploadResponses = answers(
  ok({
    results: z.array(z.object({ originalUrl: z.string(), url: z.string().optional(), imageUrl: z.string().optional(), error: z.string().optional() })),
    images: z.array(z.object({ url: z.string(), originalUrl: z.string() })),
    uploaded: z.number().int(),
    failed: z.number().int(),
    error: z.string().optional(),
  }),
);

/** `/media/resized/{width}/{name}`: one of the widths the storefront's srcset lists, and a stored image's name. */
export const variantParams = z.object({
  width: z
    .enum(VARIANT_WIDTHS.map(String) as [string, ...string[]], { error: `Width must be one of ${VARIANT_WIDTHS.join(', ')}` })
    .transform((w) => Number(w) as VariantWidth),
  '*': z.string().min(1).max(300),
});
export const variantResponses = { 200: binary('The image resized to at most that width, as image/webp'), ...errors };
