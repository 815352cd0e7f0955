import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDeps } from '../module.js';
import { imageVariants } from './image-variants.js';
import { variantParams, variantResponses } from './schemas.js';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves DATA_DIR/media at /media/... (outside /api, DECISIONS section 1) with long-lived cache headers: stored names
 * are content hashes or fixed generated names, so a URL never changes meaning. Called once from app.ts.
 * `/media/resized/{width}/{name}` answers a WebP copy of /media/{name} at most `width` pixels wide (image-variants.ts),
 * what the storefront's `srcset` lists.
 */
export async function registerMediaServing(app: FastifyInstance, runtime: Pick<ModuleDeps, 'env'>): Promise<void> {
  const root = path.resolve(runtime.env.DATA_DIR, 'media');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => res.header('x-content-type-options', 'nosniff'),
  });

  const variants = imageVariants(runtime.env.DATA_DIR);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/media/resized/:width/*', { schema: { params: variantParams, response: variantResponses, hide: true } }, async (request, reply) => {
      const image = await variants.variant(request.params['*'], request.params.width);
      return reply.header('content-type', 'image/webp').header('cache-control', YEAR).header('x-content-type-options', 'nosniff').send(image);
    });
}
