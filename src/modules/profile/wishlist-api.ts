import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { handleCommand } from '../../core/command-handler.js';
import { NotFoundError } from '../../core/errors.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { commandContext, projected } from './addresses-api.js';
import { existingProductIds as existingProducts } from '../catalogue/index.js';
import { wishlistOf } from './queries.js';
import { wishlistBody, wishlistChangedResponses, wishlistMergeBody, wishlistMergedResponses, wishlistParams, wishlistResponses } from './schemas.js';
import { wishlistDecider, wishlistStream, type WishlistCommand } from './wishlist.js';

export async function wishlistApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const run = async (request: FastifyRequest, command: (now: string) => WishlistCommand) => {
    const context = commandContext(request);
    const { result } = await handleCommand(runtime.store, wishlistStream(context.userId!), wishlistDecider, command(context.now.toISOString()), context);
    await projected(runtime, result, ['wishlists']);
    return wishlistOf(runtime.pool, context.userId!);
  };

  api.get('/user/wishlist', { preHandler: requireUser, schema: { response: wishlistResponses } }, async (request) => ({
    success: true,
    wishlist: await wishlistOf(runtime.pool, currentUser(request).id),
  }));

  /** Adding a product already in the wishlist changes nothing (spec: "adding an already present product does nothing"). */
  api.post('/user/wishlist', { preHandler: requireUser, schema: { body: wishlistBody, response: wishlistChangedResponses } }, async (request) => {
    const customerId = currentUser(request).id;
    const { productId } = request.body;
    if (!(await existingProducts(runtime.pool, [productId])).has(productId)) throw new NotFoundError('Product not found');
    const wishlist = await run(request, (now) => ({ type: 'AddToWishlist', data: { customerId, productIds: [productId], now } }));
    return { success: true, message: 'Added to wishlist', wishlist };
  });

  /**
   * Sign-in merge: the guest's local list joins the server's. Products no longer in the catalogue are
   * skipped and reported in `ignored`, so one stale id never loses the rest.
   */
  api.post('/user/wishlist/merge', { preHandler: requireUser, schema: { body: wishlistMergeBody, response: wishlistMergedResponses } }, async (request) => {
    const customerId = currentUser(request).id;
    const requested = [...new Set(request.body.productIds)];
    const known = await existingProducts(runtime.pool, requested);
    const productIds = requested.filter((id) => known.has(id));
    const wishlist = await run(request, (now) => ({ type: 'AddToWishlist', data: { customerId, productIds, now } }));
    return { success: true, wishlist, ignored: requested.filter((id) => !known.has(id)) };
  });

  api.delete(
    '/user/wishlist/:productId',
    { preHandler: requireUser, schema: { params: wishlistParams, response: wishlistChangedResponses } },
    async (request) => {
      const customerId = currentUser(request).id;
      const { productId } = request.params;
      const wishlist = await run(request, (now) => ({ type: 'RemoveFromWishlist', data: { customerId, productId, now } }));
      return { success: true, message: 'Removed from wishlist', wishlist };
    },
  );
}
