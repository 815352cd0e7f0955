import { Suspense } from 'react';
import type { Product } from '../../../lib/product';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: Product[];
  layout?: 'grid' | 'list';
  /** How many cards (from the first) are above the fold: their images load at once. */
  eagerCount?: number;
  /** The first card's image is the page's LCP element (a page without a carousel above the grid). */
  priorityFirst?: boolean;
}

/**
 * The cards past the first row are one Suspense boundary of their own: a server-rendered grid hydrates its first row
 * with the page and the rest in a later pass (selective hydration), so no single task hydrates 24 cards.
 */
export function ProductGrid({ products, layout = 'grid', eagerCount = 0, priorityFirst = false }: ProductGridProps) {
  const firstRow = Math.max(eagerCount, 1);
  const card = (p: Product, i: number) => <ProductCard key={p.id} product={p} layout={layout} eager={i < eagerCount} priority={priorityFirst && i === 0} />;
  return (
    <div className={layout === 'list' ? 'product-list' : 'product-grid'}>
      {products.slice(0, firstRow).map(card)}
      <Suspense fallback={null}>{products.slice(firstRow).map((p, i) => card(p, i + firstRow))}</Suspense>
    </div>
  );
}
