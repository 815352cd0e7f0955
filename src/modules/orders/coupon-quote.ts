import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, ok } from '../../contract/wire.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { previewCoupon } from '../promotions/index.js';
import { priceFromCatalogue } from './commands.js';
import { couponForOrder } from './coupon-order.js';
import { codAllowed, priceDiscountedLines, toRupees } from './pricing.js';
import { placeOrderBody } from './schemas.js';
import { shipsFrom } from './preorder-rules.js';

export const applyCouponBody = z.object({
  code: z.string({ error: 'Invalid coupon code' }).max(64, 'Invalid coupon code'),
  items: placeOrderBody.shape.items,
});

export const couponQuoteSchema = z.object({
  coupon: z.object({ code: z.string() }),
  message: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
  /** Whether cash on delivery is open to this total (judged after the discount). */
  codAvailable: z.boolean(),
  items: z.array(z.object({ productId: z.string(), discount: z.number() })),
});

/**
 * The checkout's coupon field: what the cart would cost with the code, priced by the server from the catalogue the
 * way the order will be. Nothing is used up; the order's placement decides the use again against the coupon's stream.
 */
export async function couponQuoteApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/coupons/apply', { onRequest: requireUser, schema: { body: applyCouponBody, response: answers(ok(couponQuoteSchema.shape)) } }, async (request) => {
      const user = currentUser(request);
      const items = await priceFromCatalogue(runtime.pool, request.body.items);
      const { code, priorOrders } = await couponForOrder(runtime.pool, user.id, request.body.code);
      const at = new Date().toISOString();
      const priced = await previewCoupon(runtime.store, code, { orderId: 'quote', customerId: user.id, lines: items, priorOrders, at });
      const discounted = items.map((l) => ({ ...l, discountPaise: priced.lineDiscounts.get(l.lineNo) ?? 0 }));
      const amounts = priceDiscountedLines(discounted);
      return {
        success: true,
        message: 'Coupon applied',
        coupon: { code },
        subtotal: toRupees(amounts.subtotalPaise),
        discount: toRupees(amounts.discountPaise),
        shipping: toRupees(amounts.shippingPaise),
        total: toRupees(amounts.totalPaise),
        codAvailable: codAllowed(amounts.totalPaise) && shipsFrom(items) === null,
        items: discounted.map((l) => ({ productId: l.productId, discount: toRupees(l.discountPaise) })),
      };
    });
}
