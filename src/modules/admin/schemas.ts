import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/index.js';

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(100_000).optional().default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be between 1 and 200').max(200, 'limit must be between 1 and 200').optional().default(50),
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

export const analyticsQuery = z.object({ days: z.coerce.number({ error: 'days must be a number' }).int().min(1, 'days must be between 1 and 365').max(365, 'days must be between 1 and 365').optional().default(30) });
