import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../../core/errors.js';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { getCatalogue } from '../catalogue/index.js';
import { buyableNow, runNotifyMeCommand } from './commands.js';
import { NOTIFY_ME_MESSAGES, type NotifyMeCommand } from './decide.js';
import { notifyMeReadModel } from './events.js';
import { waitingCounts, waitingProductsOf } from './queries.js';
import {
  demandQuery,
  demandResponses,
  MAX_WAITING_PER_SHOPPER,
  notifyMeBody,
  notifyMeChangedResponses,
  notifyMeListResponses,
  notifyMeParams,
} from './schemas.js';

export const TOO_MANY_WAITING = `You can ask to be notified about at most ${MAX_WAITING_PER_SHOPPER} products at a time`;

/**
 * 'Notify me when available': a signed-in shopper joins (or leaves) a product's waiting list; the admin reads how
 * many wait per product. Telling them is the restock watch's job (restock-watch.ts).
 */
export async function notifyMeApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = () => getCatalogue(runtime);
  /** A product this instance's catalogue does not hold yet may have just been added: it catches up with the log first. */
  const knownProduct = async (productId: string) => {
    if (catalogue().getProduct(productId)) return true;
    await catalogue()
      .waitFor(await runtime.store.headPosition(), 2_000)
      .catch(() => undefined);
    return catalogue().getProduct(productId) !== undefined;
  };

  const run = async (request: FastifyRequest, productId: string, command: (now: string) => NotifyMeCommand) => {
    const now = new Date(runtime.now());
    const customerId = currentUser(request).id;
    const { result } = await runNotifyMeCommand(runtime.store, command(now.toISOString()), { userId: customerId, correlationId: request.id, now });
    // Read-your-writes: the answer's list (and the next GET) already shows the change.
    if (result) await runtime.projections.waitFor(result.position, [notifyMeReadModel.name]).catch(() => undefined);
    const productIds = await waitingProductsOf(runtime.pool, customerId);
    return { productId, subscribed: productIds.includes(productId), productIds };
  };

  api.get('/user/notify-me', { preHandler: requireUser, schema: { response: notifyMeListResponses } }, async (request) => ({
    success: true,
    productIds: await waitingProductsOf(runtime.pool, currentUser(request).id),
  }));

  api.post('/user/notify-me', { preHandler: requireUser, schema: { body: notifyMeBody, response: notifyMeChangedResponses } }, async (request) => {
    const customerId = currentUser(request).id;
    const { productId } = request.body;
    if (!(await knownProduct(productId))) throw new NotFoundError('Product not found');
    const waiting = await waitingProductsOf(runtime.pool, customerId);
    if (!waiting.includes(productId) && waiting.length >= MAX_WAITING_PER_SHOPPER) throw new ValidationError(TOO_MANY_WAITING);
    const buyable = buyableNow(catalogue(), productId);
    const answer = await run(request, productId, (now) => ({ type: 'SubscribeToNotifyMe', data: { productId, customerId, buyable, now } }));
    return { success: true, message: NOTIFY_ME_MESSAGES.subscribed, ...answer };
  });

  api.delete(
    '/user/notify-me/:productId',
    { preHandler: requireUser, schema: { params: notifyMeParams, response: notifyMeChangedResponses } },
    async (request) => {
      const customerId = currentUser(request).id;
      const { productId } = request.params;
      const answer = await run(request, productId, (now) => ({ type: 'UnsubscribeFromNotifyMe', data: { productId, customerId, now } }));
      return { success: true, message: NOTIFY_ME_MESSAGES.unsubscribed, ...answer };
    },
  );

  api.get('/admin/notify-me', { preHandler: requireAdmin, schema: { querystring: demandQuery, response: demandResponses } }, async (request) => {
    const ids = request.query.productIds;
    const counts = await waitingCounts(runtime.pool, ids);
    return { success: true, demand: Object.fromEntries(ids.map((id) => [id, counts[id] ?? 0])) };
  });
}
