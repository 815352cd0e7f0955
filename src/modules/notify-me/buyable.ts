/** What the storefront knows of a product that decides whether it can be bought now. */
export interface BuyableFacts {
  in_stock: boolean;
  stock_quantity: number;
}

/**
 * Whether a shopper can buy the product now: the one rule behind "notify me" (a product that can be bought is refused,
 * one that becomes buyable tells its waiting shoppers). Today that is stock on hand; a release date would join here.
 */
export function canBeBought(product: BuyableFacts): boolean {
  return product.in_stock && product.stock_quantity > 0;
}

/**
 * Event types after which a product may have become buyable: its stock was set or given back, its details (the
 * admin's in-stock switch) changed, or a shopper joined its waiting list just as it came back. Each carries `productId`.
 */
export const MAY_BECOME_BUYABLE: readonly string[] = ['StockLevelSet', 'StockReleased', 'ProductAdded', 'ProductUpdated', 'NotifyMeSubscribed'];
