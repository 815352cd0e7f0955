import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Runtime } from '../../runtime.js';

/**
 * Serves DATA_DIR/media at /media/... (outside /api, DECISIONS section 1) with long-lived cache headers: stored names
 * are content hashes or fixed generated names, so a URL never changes meaning. Called once from app.ts.
 */
export async function registerMediaServing(app: FastifyInstance, runtime: Pick<Runtime, 'env'>): Promise<void> {
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
}
