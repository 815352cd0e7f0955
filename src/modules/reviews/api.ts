import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { handleCommand } from '../../core/command-handler.js';
import { NotFoundError, UnauthorizedError } from '../../core/errors.js';
import type { ModuleDeps } from '../module.js';
import { loadCustomer } from '../customers/index.js';
import { reviewDecider, type ReviewEligibility } from './decide.js';
import { orderReviewEligibility, productReviewEligibility } from './eligibility.js';
import { getCatalogue, productExists } from '../catalogue/index.js';
import { reviewsOfProduct } from './queries.js';
import { reviewerPseudonym } from './reviewer-id.js';
import { reviewStream } from './review.js';
import { orderParams, orderReviewBody, productParams, productReviewBody, reviewsPageQuery, reviewsPageResponses, reviewSubmittedResponses } from './schemas.js';

/** Reviewing needs a signed-in shopper (spec: toast 'Please sign in'). */
async function requireReviewer(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new UnauthorizedError('Please sign in');
}

export async function reviewsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const reviewerId = reviewerPseudonym(runtime.jwtSecret);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** ReviewProduct: one stream per (product, reviewer), so a second review — even a concurrent one — is a 409. */
  async function submitReview(request: FastifyRequest, input: { productId: string; rating: number; comment: string; eligibility: ReviewEligibility }) {
    const userId = request.user!.id;
    const { state } = await loadCustomer(runtime.store, userId);
    const now = new Date();
    const { events, result } = await handleCommand(
      runtime.store,
      reviewStream(input.productId, userId),
      reviewDecider,
      {
        type: 'ReviewProduct',
        data: { reviewId: randomUUID(), userId, userName: state.profile.fullName, now: now.toISOString(), ...input },
      },
      { userId, correlationId: request.id, now },
    );
    if (result) {
      await runtime.projections.waitFor(result.position, ['reviews']).catch(() => undefined);
      // The review also moves the product's rating: the in-memory catalogue the product page reads
      // follows the catalogue read model; once it has the review, the page the shopper opens next shows it.
      await getCatalogue(runtime)
        .waitFor(result.position)
        .catch(() => undefined);
    }
    const review = events[0]!.data;
    return {
      success: true,
      message: 'Review submitted successfully',
      review: { id: review.reviewId, ...review, updatedAt: review.createdAt },
    };
  }

  api.get('/products/:id/reviews', { schema: { params: productParams, querystring: reviewsPageQuery, response: reviewsPageResponses } }, async (request) => {
    const productId = request.params.id;
    const listed = await reviewsOfProduct(runtime.pool, productId, reviewerId, request.user?.id ?? null, request.query.page, request.query.limit);
    if (listed.count === 0 && !(await productExists(runtime.pool, productId))) throw new NotFoundError('Product not found');
    return { success: true, ...listed };
  });

  api.post(
    '/products/:id/reviews',
    { preHandler: requireReviewer, schema: { params: productParams, body: productReviewBody, response: reviewSubmittedResponses } },
    async (request, reply) => {
      const productId = request.params.id;
      if (!(await productExists(runtime.pool, productId))) throw new NotFoundError('Product not found');
      const eligibility = await productReviewEligibility(runtime.pool, request.user!.id, productId);
      return reply.code(201).send(await submitReview(request, { productId, ...request.body, eligibility }));
    },
  );

  api.post(
    '/user/orders/:id/review',
    { preHandler: requireReviewer, schema: { params: orderParams, body: orderReviewBody, response: reviewSubmittedResponses } },
    async (request, reply) => {
      const { productId, rating, comment } = request.body;
      const eligibility = await orderReviewEligibility(runtime.pool, request.user!.id, request.params.id, productId);
      // Another shopper's order is indistinguishable from a missing one.
      if (eligibility === 'order_not_found') throw new NotFoundError('Order not found');
      return reply.code(201).send(await submitReview(request, { productId, rating, comment, eligibility }));
    },
  );
}
