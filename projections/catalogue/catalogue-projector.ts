import type { RecordedEvent } from '../../src/core/event-store.js';
import { catalogueReadModel, type ProductEvent } from '../../src/modules/catalogue/events.js';
import { batchProjector, type Projector } from '../projector.js';
import { ProductColumns } from './product-columns.js';

type StockEvent =
  | { type: 'StockLevelSet'; data: { productId: string; quantity: number } }
  | { type: 'StockReserved'; data: { productId: string; quantity: number } }
  | { type: 'StockReleased'; data: { productId: string; quantity: number } };
/** Emitted by the reviews feature; only the fields the catalogue needs. */
type ReviewEvent = { type: 'ProductReviewed'; data: { productId: string; rating: number } };

/** The rating shown: the reviews' average once there are any, else the imported rating (DECISIONS section 4). */
const DERIVED = `stock_quantity = f.stock_quantity, in_stock = p.in_stock_flag and f.stock_quantity > 0,
  rating = case when f.rating_count > 0 then round(f.rating_sum::numeric / f.rating_count, 2) else p.imported_rating end,
  reviews_count = case when f.rating_count > 0 then f.rating_count else p.imported_reviews end,
  rating_sum = f.rating_sum, rating_count = f.rating_count`;

/**
 * Inserts or updates product rows (distinct ids) in one statement, keeping the derived columns from the facts. A row
 * with `stock` sets the facts' stock first, which leaves exactly what the product event and then its StockLevelSet
 * leave one at a time (the facts row with that stock, the product row derived from it), with one write of the row.
 * The time is parsed once, as timestamptz[], for both created_at and updated_at.
 */
function upsertProducts(client: import('pg').PoolClient, type: 'ProductAdded' | 'ProductUpdated', rows: ProductColumns) {
  return client.query(
    `with r as (select * from rows from (unnest($1::text[]), unnest($2::text[]), unnest($3::numeric[]), unnest($4::numeric[]),
        unnest($5::text[]), jsonb_array_elements($6::jsonb), unnest($7::text[]), unnest($8::boolean[]), unnest($9::boolean[]),
        unnest($10::numeric[]), unnest($11::text[]), unnest($12::boolean[]), unnest($13::numeric[]), unnest($14::integer[]),
        unnest($15::integer[]), unnest($16::text[]), unnest($17::numeric[]), unnest($18::timestamptz[]), unnest($19::integer[]),
        unnest($20::date[]))
        as r(id, name, price, original_price, image, images, category, is_new, is_on_sale, discount, description, in_stock_flag,
             imported_rating, imported_reviews, power_points, hsn, gst_rate, at, stock, release_date)),
     kept as (insert into catalogue_product_facts (product_id) select id from r where stock is null
        on conflict (product_id) do update set product_id = excluded.product_id returning *),
     stocked as (insert into catalogue_product_facts (product_id, stock_quantity) select id, stock from r where stock is not null
        on conflict (product_id) do update set stock_quantity = excluded.stock_quantity returning *),
     f as (select * from kept union all select * from stocked)
     insert into products as p (id, name, price, original_price, image, images, category, is_new, is_on_sale, discount, description,
        in_stock_flag, imported_rating, imported_reviews, power_points, hsn, gst_rate, release_date, created_at, updated_at,
        stock_quantity, in_stock, rating, reviews_count, rating_sum, rating_count)
     select r.id, r.name, r.price, r.original_price, r.image, r.images, r.category, r.is_new, r.is_on_sale, r.discount, r.description,
        r.in_stock_flag, r.imported_rating, r.imported_reviews, r.power_points, r.hsn, r.gst_rate, r.release_date, r.at, r.at,
        f.stock_quantity, r.in_stock_flag and f.stock_quantity > 0,
        case when f.rating_count > 0 then round(f.rating_sum::numeric / f.rating_count, 2) else r.imported_rating end,
        case when f.rating_count > 0 then f.rating_count else r.imported_reviews end, f.rating_sum, f.rating_count
       from r join f on f.product_id = r.id
     on conflict (id) do update set name = excluded.name, price = excluded.price, original_price = excluded.original_price,
        image = excluded.image, images = excluded.images, category = excluded.category, is_new = excluded.is_new,
        is_on_sale = excluded.is_on_sale, discount = excluded.discount, description = excluded.description,
        in_stock_flag = excluded.in_stock_flag, imported_rating = excluded.imported_rating,
        imported_reviews = excluded.imported_reviews, power_points = excluded.power_points, hsn = excluded.hsn, gst_rate = excluded.gst_rate,
        release_date = excluded.release_date, stock_quantity = excluded.stock_quantity, in_stock = excluded.in_stock, rating = excluded.rating,
        reviews_count = excluded.reviews_count, rating_sum = excluded.rating_sum, rating_count = excluded.rating_count,
        updated_at = excluded.updated_at${type === 'ProductAdded' ? ', created_at = excluded.created_at' : ''}`,
    rows.params(),
  );
}

/** Changes the facts of many distinct products in one statement (insert values on a new row, `merge` otherwise). */
const updateManyFacts = (
  client: import('pg').PoolClient,
  rows: { productId: string; stock: number; ratingSum: number; ratingCount: number }[],
  merge: string,
) =>
  client.query(
    `with f as (
       insert into catalogue_product_facts as c (product_id, stock_quantity, rating_sum, rating_count)
       select * from unnest($1::text[], $2::int[], $3::int[], $4::int[])
       on conflict (product_id) do update set ${merge} returning *)
     update products p set ${DERIVED} from f where p.id = f.product_id`,
    [rows.map((r) => r.productId), rows.map((r) => r.stock), rows.map((r) => r.ratingSum), rows.map((r) => r.ratingCount)],
  );

/**
 * A product event followed, next among its product's events in the batch, by a StockLevelSet (what adding or editing
 * a product with its stock appends: the bulk import's every row) is written together with that stock, and the
 * StockLevelSet is not applied on its own: one write of each product row instead of two.
 */
function stockFolds(events: (ProductEvent | StockEvent | ReviewEvent)[]) {
  const lastOf = new Map<string, ProductEvent | StockEvent | ReviewEvent>();
  const stockOf = new Map<ProductEvent | StockEvent | ReviewEvent, number>();
  const folded = new Set<ProductEvent | StockEvent | ReviewEvent>();
  for (const event of events) {
    const productId = (event.data as { productId: string }).productId;
    const previous = lastOf.get(productId);
    lastOf.set(productId, event);
    if (event.type === 'StockLevelSet' && (previous?.type === 'ProductAdded' || previous?.type === 'ProductUpdated')) {
      stockOf.set(previous, event.data.quantity);
      folded.add(event);
    }
  }
  return { folded, stock: (event: ProductEvent) => stockOf.get(event) ?? null };
}

/**
 * Set-based batch: an event goes to layer k when it is the k-th event of its product in the batch, so each layer
 * touches every product at most once (its statements commute) and each product's events keep their order.
 */
async function applyMany(client: import('pg').PoolClient, recorded: RecordedEvent[]): Promise<void> {
  const seen = new Map<string, number>();
  const layers: (ProductEvent | StockEvent | ReviewEvent)[][] = [];
  const stockFor = stockFolds(recorded as unknown as (ProductEvent | StockEvent | ReviewEvent)[]);
  for (const r of recorded) {
    const event = r as unknown as ProductEvent | StockEvent | ReviewEvent;
    if (stockFor.folded.has(event)) continue;
    const productId = (event.data as { productId: string }).productId;
    const k = seen.get(productId) ?? 0;
    seen.set(productId, k + 1);
    (layers[k] ??= []).push(event);
  }
  for (const layer of layers) {
    const added = new ProductColumns();
    const updated = new ProductColumns();
    const removed: string[] = [];
    const stockSet: { productId: string; stock: number; ratingSum: number; ratingCount: number }[] = [];
    const stockDelta: typeof stockSet = [];
    const reviewed: typeof stockSet = [];
    for (const event of layer) {
      switch (event.type) {
        case 'ProductAdded':
          added.push(event.data, event.data.addedAt, stockFor.stock(event));
          break;
        case 'ProductUpdated':
          updated.push(event.data, event.data.updatedAt, stockFor.stock(event));
          break;
        case 'ProductRemoved':
          removed.push(event.data.productId);
          break;
        case 'StockLevelSet':
          stockSet.push({ productId: event.data.productId, stock: event.data.quantity, ratingSum: 0, ratingCount: 0 });
          break;
        case 'StockReserved':
        case 'StockReleased': {
          const { productId, quantity } = event.data;
          stockDelta.push({ productId, stock: event.type === 'StockReserved' ? -quantity : quantity, ratingSum: 0, ratingCount: 0 });
          break;
        }
        case 'ProductReviewed':
          reviewed.push({ productId: event.data.productId, stock: 0, ratingSum: event.data.rating, ratingCount: 1 });
          break;
        default:
          break;
      }
    }
    if (added.length > 0) await upsertProducts(client, 'ProductAdded', added);
    if (updated.length > 0) await upsertProducts(client, 'ProductUpdated', updated);
    if (removed.length > 0) await client.query('delete from products where id = any($1::text[])', [removed]);
    if (stockSet.length > 0) await updateManyFacts(client, stockSet, 'stock_quantity = excluded.stock_quantity');
    if (stockDelta.length > 0) await updateManyFacts(client, stockDelta, 'stock_quantity = c.stock_quantity + excluded.stock_quantity');
    if (reviewed.length > 0) {
      await updateManyFacts(client, reviewed, 'rating_sum = c.rating_sum + excluded.rating_sum, rating_count = c.rating_count + excluded.rating_count');
    }
  }
}

/** products read model: the shop's catalogue (orders price from it), kept from product, stock and review events. */
export const catalogueProjector: Projector = batchProjector({
  name: catalogueReadModel.name,
  handles: catalogueReadModel.handles,
  tables: ['products', 'catalogue_product_facts'],
  applyMany,
});
