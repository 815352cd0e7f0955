import { categoryOnSale, COMING_SOON_CATEGORIES } from '../products/product.js';
import type { ProductTable } from './product-table.js';

export type SortOrder = 'featured' | 'price-low' | 'price-high' | 'rating' | 'newest';

export interface ProductQuery {
  category?: string;
  /** Inclusive. */
  minPrice?: number;
  /** Exclusive. */
  maxPrice?: number;
  /** Only products that are new or on sale. */
  featured?: boolean;
  sort?: SortOrder;
}

export interface SlotPage {
  slots: number[];
  total: number;
}

/**
 * Sorts and filters over the product table. Each sort is an array of slots built when first asked for and kept until
 * a product is added, removed, or changes something a sort or filter reads (a stock change keeps them). Every sort ends
 * in the catalogue order — newest first, then name, then id — so no two products tie and pages never overlap or skip
 * while nothing changes.
 */
export class CatalogueOrders {
  private readonly orders = new Map<SortOrder, Int32Array>();
  private rank = new Int32Array(0);
  private readonly samplePools = new Map<number, Int32Array>();
  /** Slots added, removed or changed since the orders were last brought up to date. */
  private dirty = new Set<number>();

  constructor(private readonly table: ProductTable) {}

  /** A product was added, removed or changed something a sort or filter reads. */
  changed(slot: number): void {
    this.dirty.add(slot);
    this.samplePools.clear();
  }

  /** The catalogue order: newest first, then name, then id. */
  readonly byCatalogueOrder = (a: number, b: number): number => {
    const t = this.table;
    return t.created[b]! - t.created[a]! || (t.names[a]! < t.names[b]! ? -1 : t.names[a]! > t.names[b]! ? 1 : 0) || (t.ids[a]! < t.ids[b]! ? -1 : 1);
  };

  /**
   * Brings the kept orders up to date: the changed slots are taken out, sorted on their own and merged back, which
   * costs one pass over each order instead of a full sort (an import of 50,000 into a catalogue of a million).
   */
  private sync(): void {
    if (this.dirty.size === 0) return;
    const dirty = this.dirty;
    this.dirty = new Set();
    const base = this.orders.get('featured');
    if (!base || dirty.size * 4 > base.length) {
      this.orders.clear();
      return;
    }
    const t = this.table;
    const changed = [...dirty].filter((s) => t.alive(s));
    // A mark per slot: filtering a million-slot order against a Set costs a hash lookup per slot.
    const marked = new Uint8Array(t.end);
    for (const slot of dirty) marked[slot] = 1;
    const kept = (list: Int32Array) => list.filter((s) => marked[s] === 0);
    const merged = merge(kept(base), changed.sort(this.byCatalogueOrder), this.byCatalogueOrder);
    this.setCatalogueOrder(merged);
    for (const [sort, list] of this.orders) {
      if (sort === 'featured') continue;
      const compare = this.comparator(sort);
      this.orders.set(sort, merge(kept(list), [...changed].sort(compare), compare));
    }
  }

  private setCatalogueOrder(base: Int32Array): void {
    this.rank = new Int32Array(this.table.end);
    base.forEach((slot, i) => (this.rank[slot] = i));
    this.orders.set('featured', base);
  }

  private catalogueOrder(): Int32Array {
    this.sync();
    let base = this.orders.get('featured');
    if (base) return base;
    const t = this.table;
    const slots: number[] = [];
    for (let s = 0; s < t.end; s++) if (t.alive(s)) slots.push(s);
    base = Int32Array.from(slots.sort(this.byCatalogueOrder));
    this.setCatalogueOrder(base);
    return base;
  }

  /** How two slots compare in a sort other than the catalogue order (ties by the catalogue order). */
  private comparator(sort: Exclude<SortOrder, 'featured'>): (a: number, b: number) => number {
    const t = this.table;
    const { price, rating } = t;
    const rank = this.rank;
    switch (sort) {
      case 'price-low':
        return (a, b) => price[a]! - price[b]! || rank[a]! - rank[b]!;
      case 'price-high':
        return (a, b) => price[b]! - price[a]! || rank[a]! - rank[b]!;
      case 'rating':
        return (a, b) => rating[b]! - rating[a]! || rank[a]! - rank[b]!;
      case 'newest':
        return (a, b) => Number(t.isNew(b)) - Number(t.isNew(a)) || rank[a]! - rank[b]!;
    }
  }

  order(sort: SortOrder): Int32Array {
    const base = this.catalogueOrder();
    let list = this.orders.get(sort);
    if (!list) {
      // The comparators read the rank of the catalogue order, which catalogueOrder() just made current.
      list = Int32Array.from(base).sort(this.comparator(sort as Exclude<SortOrder, 'featured'>));
      this.orders.set(sort, list);
    }
    return list;
  }

  /**
   * A mark per category code: 1 for a category that is coming soon. Its products stay in the table and the kept
   * orders (admins manage them); the shopper's reads skip them with one typed-array read per slot they already visit.
   */
  comingSoonCodes(): Uint8Array {
    const marks = new Uint8Array(256);
    for (const name of COMING_SOON_CATEGORIES) {
      const code = this.table.categoryCode(name);
      if (code >= 0) marks[code] = 1;
    }
    return marks;
  }

  /** Whether shoppers may see this slot's product (its category is not coming soon). */
  listed(slot: number): boolean {
    return this.comingSoonCodes()[this.table.category[slot]!] === 0;
  }

  /** The filter of a query as a test on a slot; products of a coming-soon category never match. */
  matcher(query: ProductQuery): (slot: number) => boolean {
    const t = this.table;
    if (query.category !== undefined && !categoryOnSale(query.category)) return () => false;
    const soon = this.comingSoonCodes();
    const code = query.category === undefined ? -2 : t.categoryCode(query.category);
    const min = query.minPrice ?? -Infinity;
    const max = query.maxPrice ?? Infinity;
    const featured = query.featured === true;
    return (s) =>
      (code === -2 ? soon[t.category[s]!] === 0 : t.category[s] === code) && t.price[s]! >= min && t.price[s]! < max && (!featured || t.isFeatured(s));
  }

  /** One page of the matching slots in the asked order, and how many matched in all. */
  page(query: ProductQuery, start: number, limit: number, also: (slot: number) => boolean = () => true): SlotPage {
    // A coming-soon category lists nothing: answered without walking the order.
    if (query.category !== undefined && !categoryOnSale(query.category)) return { slots: [], total: 0 };
    const matches = this.matcher(query);
    const slots: number[] = [];
    let total = 0;
    for (const s of this.order(query.sort ?? 'featured')) {
      if (!matches(s) || !also(s)) continue;
      if (total >= start && slots.length < limit) slots.push(s);
      total++;
    }
    return { slots, total };
  }

  /** A sort other than relevance, for search: its order over every live slot and the comparison behind it. */
  sortFor(sort: Exclude<SortOrder, 'featured'>): { slots: Int32Array; compare: (a: number, b: number) => number } {
    const slots = this.order(sort);
    return { slots, compare: this.comparator(sort) };
  }

  /** Up to `count` random slots with an image (of a category, when given). */
  sample(category: string | undefined, count: number): number[] {
    const t = this.table;
    const code = category === undefined ? -2 : t.categoryCode(category);
    if (code === -1 || (category !== undefined && !categoryOnSale(category))) return [];
    let pool = this.samplePools.get(code);
    if (!pool) {
      const soon = this.comingSoonCodes();
      const slots: number[] = [];
      for (let s = 0; s < t.end; s++)
        if (t.alive(s) && t.images[s] !== '' && soon[t.category[s]!] === 0 && (code === -2 || t.category[s] === code)) slots.push(s);
      pool = Int32Array.from(slots);
      this.samplePools.set(code, pool);
    }
    const picked = new Set<number>();
    const want = Math.min(count, pool.length);
    while (picked.size < want) picked.add(pool[Math.floor(Math.random() * pool.length)]!);
    return [...picked];
  }

  /** At most `limit` other products of the product's category, in the catalogue order. */
  related(slot: number, limit: number): number[] {
    const t = this.table;
    const code = t.category[slot];
    const out: number[] = [];
    if (!this.listed(slot)) return out;
    for (const s of this.catalogueOrder()) {
      if (out.length >= limit) break;
      if (s !== slot && t.category[s] === code) out.push(s);
    }
    return out;
  }
}

/** Merges two lists each sorted by `compare`. */
function merge(a: Int32Array, b: number[], compare: (x: number, y: number) => number): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
