import type { ModuleDeps } from '../module.js';
import { customerStream, loadCustomer, toUserDto } from '../customers/index.js';
import { ordersOfCustomer } from '../orders/index.js';
import { addressesOf, wishlistOf } from '../profile/index.js';
import { reviewsOfUser } from '../reviews/index.js';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy-notice.js';

/** Everything the store holds about one shopper, as they would download it (DPDP: a summary of their data). */
export async function dataExport(runtime: ModuleDeps, customerId: string) {
  const { state } = await loadCustomer(runtime.store, customerId);
  const events = await runtime.store.readStream(customerStream(customerId));
  const consents = events
    .filter((e) => e.type === 'PrivacyNoticeAccepted')
    .map((e) => ({ notice: 'privacy', version: (e.data as { version: string }).version, acceptedAt: (e.data as { at: string }).at }));
  const [addresses, wishlist, orders, reviews] = await Promise.all([
    addressesOf(runtime.pool, customerId),
    wishlistOf(runtime.pool, customerId),
    ordersOfCustomer(runtime.pool, customerId, 100_000),
    reviewsOfUser(runtime.pool, customerId),
  ]);
  // No time of export in the body: the same data downloads as the same file.
  return {
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    profile: toUserDto(state.profile),
    consents,
    addresses,
    orders,
    reviews,
    wishlist,
  };
}
