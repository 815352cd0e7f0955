import { z } from 'zod';

/**
 * A customer row of the admin table (GET /api/admin/customers, and the customer of GET /api/admin/customers/{id}/orders):
 * the admin spec's snake_case (`full_name`, `total_orders`, `total_spent`); `name` repeats `full_name`. Imports nothing
 * but zod: the dashboard takes its type from here through `@contract` (src/contract/index.ts).
 */
export const adminCustomerSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  total_orders: z.number().int(),
  total_spent: z.number(),
  created_at: z.string(),
});
