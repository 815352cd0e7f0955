import MiniSearch from 'minisearch';
import type pg from 'pg';
import { comparePositions, START, type EventStore, type GlobalPosition, type RecordedEvent, type Subscription } from '../../core/event-store.js';
import type { Logger, Runtime } from '../../runtime.js';
import { catalogueProjector } from '../../../projections/catalogue/catalogue-projector.js';
import { PRODUCT_COLUMNS, toProductDto, type ProductDto, type ProductRow } from './product-dto.js';

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

const RELEVANT = new Set(catalogueProjector.handles);

/** The catalogue's own order (today's "featured"): newest first, then by name, then by id so no two tie. */
const byCatalogueOrder = (a: ProductDto, b: ProductDto) =>
  b.created_at.localeCompare(a.created_at) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every sort ends in the catalogue order, which ends in the id: pages never overlap or skip while nothing changes. */
const COMPARATORS: Record<SortOrder, (a: ProductDto, b: ProductDto) => number> = {
  featured: byCatalogueOrder,
  'price-low': (a, b) => a.price - b.price || byCatalogueOrder(a, b),
  'price-high': (a, b) => b.price - a.price || byCatalogueOrder(a, b),
  rating: (a, b) => b.rating - a.rating || byCatalogueOrder(a, b),
  newest: (a, b) => Number(b.is_new) - Number(a.is_new) || byCatalogueOrder(a, b),
};

function matcher(query: ProductQuery): (p: ProductDto) => boolean {
  const category = query.category?.toLowerCase();
  const min = query.minPrice ?? -Infinity;
  const max = query.maxPrice ?? Infinity;
  const featured = query.featured === true;
  return (p) => (category === undefined || p.category.toLowerCase() === category) && p.price >= min && p.price < max && (!featured || p.is_new || p.is_on_sale);
}

export interface ProductPage {
  products: ProductDto[];
  total: number;
}

/**
 * The catalogue the shop serves from, in memory in each API instance (FIELD-NOTES: a database round trip per read
 * caps throughput far below the target). It follows the log: for each batch that touches products it waits until the
 * catalogue projector has committed that batch, then reloads the touched rows, so the rules live in one place (SQL).
 */
export class CatalogueMemory {
  private readonly products = new Map<string, ProductDto>();
  private readonly responseCache = new Map<string, string>();
  private readonly sorted = new Map<SortOrder, ProductDto[]>();
  private index = CatalogueMemory.newIndex();
  private position: GlobalPosition = START;
  private subscription: Subscription | null = null;
  private waiters: { position: GlobalPosition; resolve: () => void }[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly log: Logger,
  ) {}

  private static newIndex() {
    return new MiniSearch<ProductDto>({
      fields: ['name', 'category', 'description'],
      storeFields: [],
      searchOptions: { boost: { name: 3, category: 1.5 }, prefix: true, fuzzy: 0.2 },
    });
  }

  async start(runtime: Pick<Runtime, 'projections'>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const checkpoint = await client.query<{ commit_pos: string; prepare_pos: string }>(
        'select commit_pos::text, prepare_pos::text from projection_checkpoints where name = $1',
        [catalogueProjector.name],
      );
      const rows = await client.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products order by created_at desc, name`);
      await client.query('commit');
      const row = checkpoint.rows[0];
      this.position = row ? { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) } : START;
      for (const r of rows.rows) this.put(toProductDto(r));
    } finally {
      client.release();
    }
    this.subscription = this.store.subscribe({
      from: this.position,
      onEvents: (events) => this.follow(events, runtime),
      onError: (error) => this.log.error({ err: error }, 'catalogue memory subscription error'),
    });
  }

  private async follow(events: RecordedEvent[], runtime: Pick<Runtime, 'projections'>): Promise<void> {
    const last = events[events.length - 1]!.position;
    const touched = new Set<string>();
    for (const event of events) {
      if (RELEVANT.has(event.type)) touched.add((event.data as { productId: string }).productId);
    }
    if (touched.size > 0) {
      await runtime.projections.waitFor(last, [catalogueProjector.name], 30_000).catch((error) => {
        this.log.warn({ err: error }, 'catalogue projector is behind; reloading what it has');
      });
      await this.reload([...touched]);
    }
    this.position = last;
    this.waiters = this.waiters.filter((w) => {
      if (comparePositions(this.position, w.position) < 0) return true;
      w.resolve();
      return false;
    });
  }

  private async reload(ids: string[]): Promise<void> {
    const { rows } = await this.pool.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products where id = any($1)`, [ids]);
    const found = new Set<string>();
    for (const row of rows) {
      found.add(row.id);
      this.put(toProductDto(row));
    }
    for (const id of ids) if (!found.has(id)) this.drop(id);
  }

  private put(product: ProductDto): void {
    const existing = this.products.get(product.id);
    if (existing) this.index.discard(product.id);
    this.products.set(product.id, product);
    this.index.add(product);
    this.invalidate();
  }

  private drop(id: string): void {
    if (!this.products.has(id)) return;
    this.products.delete(id);
    this.index.discard(id);
    this.invalidate();
  }

  private invalidate(): void {
    this.sorted.clear();
    this.responseCache.clear();
  }

  /** Resolves once this instance's catalogue includes `position` (read-your-writes after a command). */
  waitFor(position: GlobalPosition, timeoutMs = 10_000): Promise<void> {
    if (comparePositions(this.position, position) >= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = { position, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error('Timed out waiting for the catalogue'));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  getProduct(id: string): ProductDto | undefined {
    return this.products.get(id);
  }

  get size(): number {
    return this.products.size;
  }

  /** All products in the catalogue order: newest first, then name, then id. */
  all(): ProductDto[] {
    return this.inOrder('featured');
  }

  private inOrder(sort: SortOrder): ProductDto[] {
    let list = this.sorted.get(sort);
    if (!list) {
      list = [...this.products.values()].sort(COMPARATORS[sort]);
      this.sorted.set(sort, list);
    }
    return list;
  }

  /** One page of the products that match, in the asked order, and how many matched in all. */
  page(query: ProductQuery, start: number, limit: number): ProductPage {
    const matches = matcher(query);
    const products: ProductDto[] = [];
    let total = 0;
    for (const p of this.inOrder(query.sort ?? 'featured')) {
      if (!matches(p)) continue;
      if (total >= start && products.length < limit) products.push(p);
      total++;
    }
    return { products, total };
  }

  /**
   * Typo-tolerant search: every word must match (fuzzily), else any word may. Ranked by relevance (ties by id) unless
   * a sort other than featured is asked for.
   */
  searchPage(text: string, query: ProductQuery, start: number, limit: number): ProductPage {
    const found = this.search(text, query);
    return { products: found.slice(start, start + limit), total: found.length };
  }

  search(text: string, query: ProductQuery = {}): ProductDto[] {
    const term = text.trim();
    if (term === '') return [];
    let hits = this.index.search(term, { combineWith: 'AND' });
    if (hits.length === 0) hits = this.index.search(term, { combineWith: 'OR' });
    const matches = matcher(query);
    const scored: { p: ProductDto; score: number }[] = [];
    for (const hit of hits) {
      const p = this.products.get(hit.id as string);
      if (p && matches(p)) scored.push({ p, score: hit.score });
    }
    const sort = query.sort ?? 'featured';
    if (sort === 'featured') scored.sort((a, b) => b.score - a.score || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0));
    else scored.sort((a, b) => COMPARATORS[sort](a.p, b.p));
    return scored.map((s) => s.p);
  }

  /** Up to `count` random products that have an image (the home page's showcase). */
  sample(category: string | undefined, count: number): ProductDto[] {
    const matches = matcher({ category });
    const pool = this.all().filter((p) => p.image !== '' && matches(p));
    for (let i = pool.length - 1; i > 0 && i >= pool.length - count; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(-count).reverse();
  }

  /** At most `limit` other products of the same category, in the catalogue order. */
  related(product: ProductDto, limit: number): ProductDto[] {
    return this.page({ category: product.category }, 0, limit + 1).products.filter((p) => p.id !== product.id).slice(0, limit);
  }

  /** A serialised response kept until the catalogue changes (the hot reads send a ready string). */
  cached(key: string, build: () => unknown): string {
    let body = this.responseCache.get(key);
    if (body === undefined) {
      body = JSON.stringify(build());
      if (this.responseCache.size > 5000) this.responseCache.clear();
      this.responseCache.set(key, body);
    }
    return body;
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
  }
}
