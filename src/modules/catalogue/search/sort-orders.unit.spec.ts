import { describe, expect, it } from 'vitest';
import { CatalogueOrders, type SortOrder } from './sort-orders.js';
import type { ProductRow } from '../products/product-dto.js';
import { ProductTable } from './product-table.js';

let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

const row = (i: number, overrides: Partial<ProductRow> = {}): ProductRow => ({
  id: `p-${String(i).padStart(4, '0')}`,
  name: `Product ${Math.floor(random() * 50)}`,
  price: String(100 + Math.floor(random() * 20) * 50),
  original_price: null,
  image: random() < 0.5 ? '' : `https://images.unsplash.com/${i}.jpg`,
  images: [],
  category: random() < 0.5 ? 'Keychains' : 'Anime Figures',
  is_new: random() < 0.3,
  is_on_sale: random() < 0.3,
  discount: null,
  description: 'x',
  in_stock: true,
  in_stock_flag: true,
  stock_quantity: 3,
  rating: String(Math.floor(random() * 5)),
  reviews_count: 0,
  power_points: 50,
  created_at: new Date(1_700_000_000_000 + Math.floor(random() * 5) * 1000),
  updated_at: new Date(),
  ...overrides,
});

const SORTS: SortOrder[] = ['featured', 'price-low', 'price-high', 'rating', 'newest'];

describe('CatalogueOrders', () => {
  it('kept orders brought up to date by merging the changed products equal orders sorted from scratch', () => {
    const table = new ProductTable();
    const orders = new CatalogueOrders(table);
    for (let i = 0; i < 400; i++) table.put(row(i));
    for (const sort of SORTS) orders.order(sort);
    for (let round = 0; round < 20; round++) {
      // Adds, changes (price, name, rating, flags) and removals between reads, a few at a time.
      for (let k = 0; k < 15; k++) {
        const i = Math.floor(random() * 500);
        if (random() < 0.2) {
          const slot = table.remove(row(i).id);
          if (slot !== undefined) orders.changed(slot);
        } else orders.changed(table.put(row(i)).slot);
      }
      const fresh = new CatalogueOrders(table);
      for (const sort of SORTS) expect([...orders.order(sort)], `${sort}, round ${round}`).toEqual([...fresh.order(sort)]);
    }
  });

  it('pages every product once in each order, ties broken by the catalogue order', () => {
    const table = new ProductTable();
    const orders = new CatalogueOrders(table);
    for (let i = 0; i < 300; i++) table.put(row(i));
    for (const sort of SORTS) {
      const seen = [];
      for (let start = 0; start < 300; start += 7) seen.push(...orders.page({ sort }, start, 7).slots);
      expect(new Set(seen).size).toBe(300);
      expect(seen).toEqual([...orders.order(sort)]);
    }
  });
});
