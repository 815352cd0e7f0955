import { formatDate } from '@kit/format';
import type { Product } from '../../../lib/product';

/** 'Ships from 15 Mar 2027': the release date as India reads it. */
export const shipsFromText = (releaseDate: string) => `Ships from ${formatDate(releaseDate)}`;

/** The 'Pre-order' chip of a product that is not released yet (nothing for any other product). */
export function PreorderChip({ product }: { product: Pick<Product, 'isPreorder'> }) {
  return product.isPreorder ? (
    <span className="chip chip--preorder" data-testid="preorder-chip">
      Pre-order
    </span>
  ) : null;
}

/** 'Ships from {date}' under a pre-order's price. */
export function ShipsFrom({ product }: { product: Pick<Product, 'isPreorder' | 'releaseDate'> }) {
  return product.isPreorder && product.releaseDate ? (
    <p className="preorder-ships" data-testid="ships-from">
      {shipsFromText(product.releaseDate)}
    </p>
  ) : null;
}
