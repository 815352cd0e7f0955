import { queryKeys } from '@kit/query';
import type { PageRequest } from './page';

/**
 * Every query key of the dashboard, one per endpoint (the kit's convention, shared-web/query). Each starts with
 * 'admin', so "reload all dashboard data" is one invalidation of `ADMIN_ROOT`; a feature's root (`orderKeys.all`)
 * refreshes everything it shows; the live feed invalidates by the same keys.
 */
export const ADMIN_ROOT = ['admin'] as const;

export const statsKeys = queryKeys([...ADMIN_ROOT, 'stats'], {});
export const analyticsKeys = queryKeys([...ADMIN_ROOT, 'analytics'], {});
export const carouselKeys = queryKeys([...ADMIN_ROOT, 'carousels'], {});
export const orderKeys = queryKeys([...ADMIN_ROOT, 'orders'], {
  list: (request: PageRequest) => [request],
  /** The order folded up to `asOf` (null: now). */
  history: (orderId: string, asOf: string | null) => [orderId, asOf ?? 'now'],
  events: (orderId: string) => [orderId],
  /** Stock held by open cash-on-delivery orders (null: every product). */
  codHolds: (productId: string | null) => [productId ?? 'all'],
});
export const customerKeys = queryKeys([...ADMIN_ROOT, 'customers'], {
  list: (request: PageRequest) => [request],
  orders: (customerId: string) => [customerId],
});
export const productKeys = queryKeys([...ADMIN_ROOT, 'products'], {
  list: (request: PageRequest) => [request],
  /** A pre-order's book (who, how many, paid), one page. */
  preorders: (productId: string, page: number) => [productId, page],
  /** Shoppers waiting ('Notify me when available') for the products of one page. */
  demand: (productIds: readonly string[]) => ['demand', ...productIds],
});
export const auditKeys = queryKeys([...ADMIN_ROOT, 'audit'], {
  verify: () => [],
  revenue: (from: string, to: string) => [from, to],
});
export const gstKeys = queryKeys([...ADMIN_ROOT, 'gst'], {
  categoryDefaults: () => [],
  gstr1: (month: string) => [month],
  invoices: (month: string) => [month],
});
export const couponKeys = queryKeys([...ADMIN_ROOT, 'coupons'], {
  list: (page: number) => [page],
  uses: (code: string) => [code],
});
/** Returns (the Orders tab's Returns view): one page of one status (null: every status). */
export const returnKeys = queryKeys([...ADMIN_ROOT, 'returns'], {
  list: (status: string | null, page: number) => [status ?? 'all', page],
});
/** The signed-in admin: outside 'admin', so Refresh does not re-check the session. */
export const authKeys = queryKeys(['auth'], { profile: () => [] });
export const messageKeys = queryKeys([...ADMIN_ROOT, 'messages'], {
  list: (request: PageRequest) => [request],
  one: (id: string) => [id],
});
