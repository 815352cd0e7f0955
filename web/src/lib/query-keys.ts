import { queryKeys } from '@kit/query';

/**
 * Every query key of the storefront, one per endpoint (the kit's convention, shared-web/query): the endpoint files use
 * them for their queries, and a change invalidates a key or its root (`productKeys.all`) from any feature without
 * reaching into another feature's files. The server renderer prefetches with the same keys.
 */
export const productKeys = queryKeys(['products'], {
  /** A listing page: every part of its state, defaults included, so equal pages share one cache entry. */
  list: (state: { category: string | null; q: string; priceRange: string; sort: string; page: number }) => [state],
  detail: (id: string) => [id],
  /** All readers' copies of a product's reviews without `reader`; one reader's (a user id or 'guest') with it. */
  reviews: (productId: string, reader?: string) => (reader === undefined ? [productId] : [productId, reader]),
  related: (id: string) => [id],
  featured: (page: number) => [page],
  sample: (category: string, count: number) => [category, count],
});

export const orderKeys = queryKeys(['orders'], {
  list: (userId: string | undefined) => [userId],
  detail: (id: string | null | undefined) => [id],
  /** The returns the shopper asked for on one order (GET /api/orders/{id}/returns). */
  returns: (id: string) => [id],
});

export const userKeys = queryKeys(['user'], {
  /** Everyone's profile without `userId` (after a change); one user's with it. */
  profile: (userId?: string) => (userId === undefined ? [] : [userId]),
  /** The products a signed-in shopper asked to hear about ('Notify me when available'). */
  notifyMe: (userId: string) => ['notify-me', userId],
});

export const carouselKeys = queryKeys(['carousels'], {
  slides: (name: string) => [name],
});

export const deliveryKeys = queryKeys(['delivery'], {
  /** Whether (and by when) the courier delivers to a pincode, for cash on delivery or not. */
  serviceability: (pincode: string, cod: boolean) => [pincode, cod],
});
