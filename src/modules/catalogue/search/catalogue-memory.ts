import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { START, type EventStore, type GlobalPosition, type RecordedEvent } from '../../../core/event-store.js';
import { LogFollower } from '../../../core/log-follower.js';
import type { Logger } from '../../../core/logger.js';
import type { ModuleDeps } from '../../module.js';
import { catalogueReadModel as catalogueProjector } from '../events.js';
import { CatalogueOrders, type ProductQuery } from './sort-orders.js';
import { CATALOGUE_COLUMNS, type CatalogueRow, type ProductDto } from '../products/product-dto.js';
import { categoryOnSale } from '../products/product.js';
import { ProductTable } from './product-table.js';
import { ResponseCache } from './response-cache.js';
import { SearchIndex } from './search-index.js';
import type { CatalogueSnapshotFile } from '../snapshot/catalogue-snapshot.js';
import type { SectionValue } from '../snapshot/snapshot-format.js';

export type { ProductQuery, SortOrder } from './sort-orders.js';

const RELEVANT = new Set(catalogueProjector.handles);
/** Rows fetched per cursor batch when the catalogue is loaded at start (one snapshot). */
const LOAD_BATCH = 10_000;
/** Events read per batch while following the log. */
const FOLLOW_BATCH = 5_000;
/** Product changes followed after which a new snapshot is written (a large import), at most one write at a time. */
const SNAPSHOT_AFTER_CHANGES = 50_000;

export interface CatalogueSnapshotOptions {
  file: CatalogueSnapshotFile;
  /** Smaller catalogues load from the read model fast enough: no snapshot is written for them. */
  minProducts: number;
}

export interface ProductPage {
  products: ProductDto[];
  total: number;
  /** `total` is an estimate (a broad search stops reading once its page is certain). */
  approximate?: boolean;
}

/**
 * The catalogue the shop serves from, in memory in each API instance (FIELD-NOTES: a database round trip per read
 * caps throughput far below the target). It follows the log: for each batch that touches products it waits until the
 * catalogue projector has committed that batch, then reloads the touched rows, so the rules live in one place (SQL).
 * Products are kept as columns (ProductTable) and searched through a compact index of their slots (SearchIndex).
 */
export class CatalogueMemory {
  private readonly table = new ProductTable();
  private readonly orders = new CatalogueOrders(this.table);
  private readonly responses: ResponseCache;
  private readonly index = new SearchIndex((slot) => this.table.category[slot]!);
  private readonly follower: LogFollower;
  private changes = 0;
  private readonly snapshot: CatalogueSnapshotOptions | undefined;
  /** Product changes since the last snapshot (or the load). */
  private unsnapshotted = 0;
  private saving: Promise<unknown> = Promise.resolve();
  private savingNow = false;
  /** Where the last start loaded the catalogue from. */
  loadedFrom: 'snapshot' | 'read model' | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly log: Logger,
    options: { responseCacheBytes?: number; snapshot?: CatalogueSnapshotOptions } = {},
  ) {
    this.responses = new ResponseCache(options.responseCacheBytes);
    this.snapshot = options.snapshot;
    this.follower = new LogFollower(store, 'catalogue', (error) => this.log.error({ err: error }, 'catalogue memory subscription error'));
  }

  async start(runtime: Pick<ModuleDeps, 'projections'>): Promise<void> {
    const snapshot = await this.snapshot?.file.load();
    let from: GlobalPosition;
    if (snapshot) {
      const started = performance.now();
      this.table.restore(snapshot.sections);
      this.index.restore(snapshot.sections);
      const restoreMs = performance.now() - started;
      const sorting = performance.now();
      this.orders.order('featured');
      this.responses.clear();
      this.changes++;
      from = snapshot.position;
      this.loadedFrom = 'snapshot';
      this.log.info(
        {
          products: this.table.size,
          source: 'snapshot',
          bytes: snapshot.bytes,
          restoreMs: Math.round(restoreMs),
          sortMs: Math.round(performance.now() - sorting),
        },
        'catalogue loaded',
      );
    } else {
      from = await this.loadReadModel();
      this.loadedFrom = 'read model';
      this.unsnapshotted = this.table.size;
      await this.saveSnapshot(from);
    }
    await this.follower.start((events) => this.follow(events, runtime), from, FOLLOW_BATCH);
  }

  /** Loads every row of the read model; returns the log position the rows cover. */
  private async loadReadModel(): Promise<GlobalPosition> {
    const client = await this.pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const checkpoint = await client.query<{ commit_pos: string; prepare_pos: string }>(
        'select commit_pos::text, prepare_pos::text from projection_checkpoints where name = $1',
        [catalogueProjector.name],
      );
      const row = checkpoint.rows[0];
      const from = row ? { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) } : START;
      // Streamed through a server-side cursor in batches, in table order (no sort, no index walk: the load sorts once
      // itself), so a large catalogue never sits in memory twice (rows and table) while it loads.
      const stream = client.query(new QueryStream(`select ${CATALOGUE_COLUMNS} from products`, [], { batchSize: LOAD_BATCH, highWaterMark: LOAD_BATCH }));
      await this.load(
        (async function* () {
          let batch: CatalogueRow[] = [];
          for await (const row of stream as AsyncIterable<CatalogueRow>) {
            batch.push(row);
            if (batch.length >= LOAD_BATCH) {
              yield batch;
              batch = [];
            }
          }
          yield batch;
        })(),
      );
      await client.query('commit');
      return from;
    } finally {
      client.release();
    }
  }

  /**
   * The table and the index as they are now, copied in slices between which requests are served. Consistent with the
   * position the follower is at: the follower awaits this before it applies its next batch.
   */
  async captureSnapshot(): Promise<Record<string, SectionValue>> {
    return { ...(await this.table.capture()), ...(await this.index.capture()) };
  }

  /**
   * Captures the catalogue now (covering `position`) and writes it in the background, unless it is too small, has
   * not changed, or a write is under way. Resolves once the copy is taken (the follower may then go on); `this.saving`
   * resolves when the file is written.
   */
  private async saveSnapshot(position: GlobalPosition): Promise<void> {
    const options = this.snapshot;
    if (!options || this.savingNow || this.unsnapshotted === 0 || this.table.size < options.minProducts || position.prepare === 0n) return;
    this.savingNow = true;
    let sections: Record<string, SectionValue>;
    try {
      sections = await this.captureSnapshot();
    } catch (error) {
      this.savingNow = false;
      this.log.warn({ err: error }, 'catalogue snapshot not taken');
      return;
    }
    const products = this.table.size;
    this.unsnapshotted = 0;
    this.saving = options.file.save(position, products, sections).finally(() => (this.savingNow = false));
  }

  /**
   * Fills the table from pages of rows, then indexes the text once, oldest product first: the search index's static
   * rank (most recently indexed first) is then the catalogue order. Used at start; benches fill a catalogue with it.
   */
  async load(pages: AsyncIterable<CatalogueRow[]> | Iterable<CatalogueRow[]>): Promise<{ readMs: number; sortMs: number; indexMs: number }> {
    let started = performance.now();
    for await (const rows of pages) for (const row of rows) this.table.put(row);
    const readMs = performance.now() - started;
    started = performance.now();
    const order = this.orders.order('featured');
    const sortMs = performance.now() - started;
    started = performance.now();
    for (let i = order.length - 1; i >= 0; i--) {
      const slot = order[i]!;
      this.index.add(slot, this.table.names[slot]!, this.table.descriptions[slot]!);
    }
    const indexMs = performance.now() - started;
    this.responses.clear();
    this.changes++;
    const timings = { readMs: Math.round(readMs), sortMs: Math.round(sortMs), indexMs: Math.round(indexMs) };
    this.log.info({ products: this.table.size, source: 'read model', ...timings }, 'catalogue loaded');
    return timings;
  }

  private async follow(events: RecordedEvent[], runtime: Pick<ModuleDeps, 'projections'>): Promise<void> {
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
      this.unsnapshotted += touched.size;
      if (this.unsnapshotted >= SNAPSHOT_AFTER_CHANGES) await this.saveSnapshot(last);
    }
  }

  private async reload(ids: string[]): Promise<void> {
    const { rows } = await this.pool.query<CatalogueRow>(`select ${CATALOGUE_COLUMNS} from products where id = any($1)`, [ids]);
    this.apply(rows, ids);
  }

  /**
   * Applies a batch of reloaded rows (and drops the ids that are gone): the table first, then the changed texts
   * indexed oldest first (so the batch keeps the catalogue order among equally relevant products), the sort orders
   * marked once per slot, and the answer cache cleared once.
   */
  apply(rows: CatalogueRow[], ids: string[] = []): void {
    const found = new Set<string>();
    const texts: number[] = [];
    for (const row of rows) {
      found.add(row.id);
      const { slot, text, order } = this.table.put(row);
      if (text) texts.push(slot);
      if (order) this.orders.changed(slot);
    }
    texts.sort(this.orders.byCatalogueOrder);
    for (let i = texts.length - 1; i >= 0; i--) {
      const slot = texts[i]!;
      this.index.add(slot, this.table.names[slot]!, this.table.descriptions[slot]!);
    }
    for (const id of ids) if (!found.has(id)) this.drop(id);
    this.responses.clear();
    this.changes++;
  }

  private drop(id: string): void {
    const slot = this.table.remove(id);
    if (slot === undefined) return;
    this.index.remove(slot);
    this.orders.changed(slot);
    this.responses.clear();
    this.changes++;
  }

  /** Resolves once this instance's catalogue includes `position` (read-your-writes after a command). */
  waitFor(position: GlobalPosition, timeoutMs = 10_000): Promise<void> {
    return this.follower.waitFor(position, timeoutMs);
  }

  getProduct(id: string): ProductDto | undefined {
    const slot = this.table.slotOf(id);
    return slot === undefined ? undefined : this.table.dto(slot);
  }

  /** A product as shoppers may see it: none for a product of a coming-soon category (admins read getProduct). */
  getListedProduct(id: string): ProductDto | undefined {
    const slot = this.table.slotOf(id);
    return slot === undefined || !this.orders.listed(slot) ? undefined : this.table.dto(slot);
  }

  get size(): number {
    return this.table.size;
  }

  /** Counts the product changes applied: what is derived from the whole catalogue (the sitemap) is rebuilt when it moves. */
  get version(): number {
    return this.changes;
  }

  private dtos(slots: number[]): ProductDto[] {
    return slots.map((s) => this.table.dto(s));
  }

  /** One page of the products that match, in the asked order, and how many matched in all. */
  page(query: ProductQuery, start: number, limit: number): ProductPage {
    const { slots, total } = this.orders.page(query, start, limit);
    return { products: this.dtos(slots), total };
  }

  /** Typo-tolerant search: every word must match (fuzzily), else any word may; filtered, ranked, one page. */
  searchPage(text: string, query: ProductQuery, start: number, limit: number): ProductPage {
    if (text.trim() === '' || (query.category !== undefined && !categoryOnSale(query.category))) return { products: [], total: 0 };
    const sort = query.sort ?? 'featured';
    const result = this.index.search(text, this.table.categoryWords(), {
      filter: this.orders.matcher(query),
      start,
      limit,
      ...(sort === 'featured' ? {} : { order: this.orders.sortFor(sort) }),
    });
    return { products: this.dtos(result.slots), total: result.total, ...(result.approximate ? { approximate: true } : {}) };
  }

  /** Up to `count` random products that have an image (the home page's showcase). */
  sample(category: string | undefined, count: number): ProductDto[] {
    return this.dtos(this.orders.sample(category, count));
  }

  /** At most `limit` other products of the same category, in the catalogue order (none for a product shoppers cannot see). */
  related(id: string, limit: number): ProductDto[] | undefined {
    const slot = this.table.slotOf(id);
    return slot === undefined || !this.orders.listed(slot) ? undefined : this.dtos(this.orders.related(slot, limit));
  }

  /** A serialised answer to a canonical query, kept (bounded in bytes) until the catalogue changes. */
  cached(key: string, build: () => unknown): string {
    return this.responses.get(key, build);
  }

  /** Bytes and entries the answer cache holds now (for tests and benches). */
  get responseCache(): { bytes: number; entries: number; maxBytes: number } {
    return { bytes: this.responses.bytes, entries: this.responses.entries, maxBytes: this.responses.maxBytes };
  }

  /** Stops following the log and, when the catalogue changed since the last snapshot, writes one (for the next start). */
  async stop(): Promise<void> {
    await this.follower.stop();
    await this.saving;
    await this.saveSnapshot(this.follower.position);
    await this.saving;
  }
}
