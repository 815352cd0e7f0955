import { z } from 'zod';
import { answers, ok, okMessage, pagingQueryFields } from '../../contract/wire.js';
import { historyEventSchema, orderSnapshotSchema } from '../audit/index.js';
import { ORDER_STATUSES, orderSchema } from '../orders/index.js';
import { adminCustomerSchema } from '../../contract/admin.js';

export const pageQuery = z.object({
  ...pagingQueryFields,
  search: z.string().trim().max(100, 'search is too long').optional(),
});

export const adminOrdersQuery = pageQuery.extend({
  status: z.enum(ORDER_STATUSES, { error: 'Invalid status' }).optional(),
});

export const idParams = z.object({ id: z.string().trim().min(1, 'id is required').max(100, 'Invalid id') });
export const customerParams = z.object({ id: z.string().uuid('Customer not found') });

export const bulkDeleteBody = z.object({
  orderIds: z
    .array(z.string().trim().min(1).max(100), { error: 'No Orders Selected: Please select orders to delete.' })
    .min(1, 'No Orders Selected: Please select orders to delete.')
    .max(500, 'Delete at most 500 orders at once'),
});

export const adminStatusBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Invalid status: use one of ${ORDER_STATUSES.join(', ')}` }),
  trackingNumber: z.string().trim().min(1).max(64).optional(),
  tracking_number: z.string().trim().min(1).max(64).optional(),
});

export const analyticsQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int()
    .min(1, 'days must be between 1 and 365')
    .max(365, 'days must be between 1 and 365')
    .optional()
    .default(30),
});

/** The overview's figures (what each counts: docs/decisions/0003-money-and-gst.md). camelCase as the spec names them. */
export const statsResponses = answers(
  ok({
    stats: z.object({
      totalProducts: z.number().int(),
      totalOrders: z.number().int(),
      totalRevenue: z.number(),
      totalCustomers: z.number().int(),
      pendingOrders: z.number().int(),
      lowStockProducts: z.number().int(),
    }),
  }),
);

const paged = { total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() };
export const adminOrdersResponses = answers(ok({ orders: z.array(orderSchema), ...paged }));
export const adminOrderStatusResponses = answers(ok({ message: z.string(), order: orderSchema }));
export const orderDeletedResponses = answers(okMessage);
export const ordersDeletedResponses = answers(ok({ deletedCount: z.number().int(), message: z.string() }));

export const adminCustomersResponses = answers(ok({ customers: z.array(adminCustomerSchema), ...paged }));
export const customerOrdersResponses = answers(ok({ customer: adminCustomerSchema, orders: z.array(orderSchema), ...paged }));

export const analyticsResponses = answers(
  ok({
    analytics: z.object({
      days: z.number().int(),
      revenueByDay: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
      statusBreakdown: z.array(z.object({ status: z.string(), count: z.number().int() })),
      paymentBreakdown: z.array(z.object({ method: z.string(), status: z.string(), count: z.number().int() })),
      topProducts: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), revenue: z.number() })),
    }),
  }),
);

export const orderHistoryResponses = answers(
  ok({
    orderId: z.string(),
    orderNumber: z.string().nullable(),
    deleted: z.boolean(),
    asOf: z.string().nullable(),
    state: orderSnapshotSchema,
    events: z.array(historyEventSchema),
  }),
);
