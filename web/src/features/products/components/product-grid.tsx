import type { Product } from '../types';
import { ProductCard } from './product-card';

export function ProductGrid({ products, layout = 'grid', eagerCount = 0 }: { products: Product[]; layout?: 'grid' | 'list'; eagerCount?: number }) {
  return (
    <div className={layout === 'list' ? 'product-list' : 'product-grid'}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} layout={layout} eager={i < eagerCount} />
      ))}
    </div>
  );
}
