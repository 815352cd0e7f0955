import type { Product } from '../types';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: Product[];
  layout?: 'grid' | 'list';
  /** How many cards (from the first) are above the fold: their images load at once. */
  eagerCount?: number;
  /** The first card's image is the page's LCP element (a page without a carousel above the grid). */
  priorityFirst?: boolean;
}

export function ProductGrid({ products, layout = 'grid', eagerCount = 0, priorityFirst = false }: ProductGridProps) {
  return (
    <div className={layout === 'list' ? 'product-list' : 'product-grid'}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} layout={layout} eager={i < eagerCount} priority={priorityFirst && i === 0} />
      ))}
    </div>
  );
}
