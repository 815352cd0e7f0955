import MiniSearch from 'minisearch';
import type pg from 'pg';
import { comparePositions, START, type EventStore, type GlobalPosition, type RecordedEvent, type Subscription } from '../../core/event-store.js';
import type { Logger, Runtime } from '../../runtime.js';
import { catalogueProjector } from '../../../projections/catalogue/catalogue-projector.js';
import { PRODUCT_COLUMNS, toProductDto, type ProductDto, type ProductRow } from './product-dto.js';

export type SortOrder = 'featured' | 'price-low' | 'price-high' | 'rating' | 'newest';

export interface ProductQuery {
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: SortOrder;
}

const RELEVANT = new Set(catalogueProjector.handles);

function sortProducts(products: ProductDto[], sort: SortOrder | undefined): ProductDto[] {
  switch (sort) {
    case 'price-low':
      return [...products].sort((a, b) => a.price - b.price);
    case 'price-high':
      return [...products].sort((a, b) => b.price - a.price);
    case 'rating':
      return [...products].sort((a, b) => b.rating - a.rating);
    case 'newest':
      // New products first, then the most recently added.
      return [...products].sort((a, b) => Number(b.is_new) - Number(a.is_new) || b.created_at.localeCompare(a.created_at));
    default:
      return products;
  }
}

/**
 * The catalogue the shop serves from, in memory in each API instance (FIELD-NOTES: a database round trip per read
 * caps throughput far below the target). It follows the log: for each batch that touches products it waits until the
 * catalogue projector has committed that batch, then reloads the touched rows, so the rules live in one place (SQL).
 */
export class CatalogueMemory {
  private readonly products = new Map<string, ProductDto>();
  private readonly responseCache = new Map<string, string>();
  private ordered: ProductDto[] | null = null;
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
    this.ordered = null;
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

  /** All products, newest first (ties by name). */
  all(): ProductDto[] {
    this.ordered ??= [...this.products.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.name.localeCompare(b.name));
    return this.ordered;
  }

  list(query: ProductQuery = {}): ProductDto[] {
    const filtered = this.all().filter(
      (p) =>
        (query.category === undefined || p.category.toLowerCase() === query.category.toLowerCase()) &&
        (query.minPrice === undefined || p.price >= query.minPrice) &&
        (query.maxPrice === undefined || p.price < query.maxPrice),
    );
    return sortProducts(filtered, query.sort);
  }

  /** Typo-tolerant search ranked by relevance: every word must match (fuzzily), else any word may. */
  search(text: string, query: ProductQuery = {}): ProductDto[] {
    const term = text.trim();
    if (term === '') return [];
    let hits = this.index.search(term, { combineWith: 'AND' });
    if (hits.length === 0) hits = this.index.search(term, { combineWith: 'OR' });
    const products = hits
      .map((h) => this.products.get(h.id as string))
      .filter((p): p is ProductDto => p !== undefined)
      .filter(
        (p) =>
          (query.category === undefined || p.category.toLowerCase() === query.category.toLowerCase()) &&
          (query.minPrice === undefined || p.price >= query.minPrice) &&
          (query.maxPrice === undefined || p.price < query.maxPrice),
      );
    return sortProducts(products, query.sort);
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
