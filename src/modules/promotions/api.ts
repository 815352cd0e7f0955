import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CommandContext } from '../../core/command-handler.js';
import { NotFoundError } from '../../core/errors.js';
import type { AppendResult } from '../../core/event-store.js';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { createCoupon, editCoupon, loadCoupon, pauseCoupon } from './commands.js';
import type { CouponTerms } from './coupon.js';
import { NOT_FOUND } from './decide.js';
import { couponUses, findCoupon, listCoupons } from './queries.js';
import {
  couponCreatedResponses,
  couponListResponses,
  couponParams,
  couponResponses,
  couponsQuery,
  couponUsesResponses,
  createCouponBody,
  editCouponBody,
  type CreateCouponBody,
  type EditCouponBody,
} from './schemas.js';

/** The body's value in the coupon's unit: basis points of a percentage, or paise. */
const valueOf = (value: number) => Math.round(value * 100);

function termsOf(body: CreateCouponBody): CouponTerms {
  return {
    kind: body.kind,
    value: valueOf(body.value),
    minOrderPaise: body.minOrder ?? 0,
    startsAt: body.startsAt ?? null,
    endsAt: body.endsAt ?? null,
    maxUses: body.maxUses ?? null,
    maxUsesPerCustomer: body.maxUsesPerCustomer ?? null,
    categories: [...new Set((body.categories ?? []).map((c) => c.toLowerCase()))],
    productIds: [...new Set(body.productIds ?? [])],
    firstOrderOnly: body.firstOrderOnly ?? false,
  };
}

/** The coupon's terms with the fields an edit names changed (`null` clears an optional field). */
function edited(current: CouponTerms, body: EditCouponBody): CouponTerms {
  const kind = body.kind ?? current.kind;
  const value = body.value !== undefined ? valueOf(body.value) : current.value;
  return {
    kind,
    value,
    minOrderPaise: body.minOrder === undefined ? current.minOrderPaise : (body.minOrder ?? 0),
    startsAt: body.startsAt === undefined ? current.startsAt : body.startsAt,
    endsAt: body.endsAt === undefined ? current.endsAt : body.endsAt,
    maxUses: body.maxUses === undefined ? current.maxUses : body.maxUses,
    maxUsesPerCustomer: body.maxUsesPerCustomer === undefined ? current.maxUsesPerCustomer : body.maxUsesPerCustomer,
    categories: body.categories === undefined ? current.categories : [...new Set(body.categories.map((c) => c.toLowerCase()))],
    productIds: body.productIds === undefined ? current.productIds : [...new Set(body.productIds)],
    firstOrderOnly: body.firstOrderOnly ?? current.firstOrderOnly,
  };
}

/** The admin's coupons: create, list, edit, pause and resume, and each coupon's uses. */
export async function promotionsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const { pool, store } = runtime;
  const context = (request: FastifyRequest): CommandContext => ({ userId: request.user?.id ?? null, correlationId: request.id, now: new Date() });
  const settle = async (result: AppendResult | null) => {
    if (result) await runtime.projections.waitFor(result.position, ['coupons']).catch(() => undefined);
  };
  const shown = async (code: string) => {
    const coupon = await findCoupon(pool, code, new Date());
    if (!coupon) throw new NotFoundError(NOT_FOUND);
    return coupon;
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdmin);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post('/admin/coupons', { schema: { body: createCouponBody, response: couponCreatedResponses } }, async (request, reply) => {
      const body = request.body;
      const result = await createCoupon(store, body.code, termsOf(body), currentUser(request).id, context(request));
      await settle(result);
      return reply.code(201).send({ success: true, message: 'Coupon created', coupon: await shown(body.code) });
    });

    api.get('/admin/coupons', { schema: { querystring: couponsQuery, response: couponListResponses } }, async (request) => {
      const { page, limit, search } = request.query;
      return { success: true, ...(await listCoupons(pool, { page, limit, search }, new Date())), page, limit };
    });

    api.get('/admin/coupons/:code', { schema: { params: couponParams, response: couponResponses } }, async (request) => ({
      success: true,
      message: 'Coupon',
      coupon: await shown(request.params.code),
    }));

    api.put('/admin/coupons/:code', { schema: { params: couponParams, body: editCouponBody, response: couponResponses } }, async (request) => {
      const { code } = request.params;
      const { state } = await loadCoupon(store, code);
      if (state.status !== 'active') throw new NotFoundError(NOT_FOUND);
      const result = await editCoupon(store, code, edited(state.coupon.terms, request.body), currentUser(request).id, context(request));
      await settle(result);
      return { success: true, message: 'Coupon updated', coupon: await shown(code) };
    });

    for (const [action, paused] of [
      ['pause', true],
      ['resume', false],
    ] as const) {
      api.post(`/admin/coupons/:code/${action}`, { schema: { params: couponParams, response: couponResponses } }, async (request) => {
        const { code } = request.params;
        const result = await pauseCoupon(store, code, paused, currentUser(request).id, context(request));
        await settle(result);
        return { success: true, message: paused ? 'Coupon paused' : 'Coupon resumed', coupon: await shown(code) };
      });
    }

    api.get('/admin/coupons/:code/uses', { schema: { params: couponParams, querystring: couponsQuery, response: couponUsesResponses } }, async (request) => {
      const { page, limit } = request.query;
      const coupon = await shown(request.params.code);
      return { success: true, coupon, ...(await couponUses(pool, coupon.code, { page, limit })), page, limit };
    });
  });
}
