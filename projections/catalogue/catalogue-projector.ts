import type { RecordedEvent } from '../../src/core/event-store.js';
import type { ProductEvent } from '../../src/modules/catalogue/product.js';
import type { Projector } from '../projector.js';

type StockEvent =
  | { type: 'StockLevelSet'; data: { productId: string; quantity: number } }
  | { type: 'StockReserved'; data: { productId: string; quantity: number } }
  | { type: 'StockReleased'; data: { productId: string; quantity: number } };
/** Emitted by the reviews feature; only the fields the catalogue needs. */
type ReviewEvent = { type: 'ProductReviewed'; data: { productId: string; rating: number } };

/** The rating shown: the reviews' average once there are any, else the imported rating (DECISIONS section 4). */
const RATING = `case when f.rating_count > 0 then round(f.rating_sum::numeric / f.rating_count, 2) else p.imported_rating end`;
const REVIEWS = `case when f.rating_count > 0 then f.rating_count else p.imported_reviews end`;

async function refreshDerived(client: import('pg').PoolClient, productId: string) {
  await client.query(
    `update products p set stock_quantity = f.stock_quantity,
        in_stock = p.in_stock_flag and f.stock_quantity > 0,
        rating = ${RATING}, reviews_count = ${REVIEWS}, rating_sum = f.rating_sum, rating_count = f.rating_count
       from catalogue_product_facts f where f.product_id = p.id and p.id = $1`,
    [productId],
  );
}

const ensureFacts = (client: import('pg').PoolClient, productId: string) =>
  client.query('insert into catalogue_product_facts (product_id) values ($1) on conflict (product_id) do nothing', [productId]);

/** products read model: the shop's catalogue (orders price from it), kept from product, stock and review events. */
export const catalogueProjector: Projector = {
  name: 'catalogue',
  handles: ['ProductAdded', 'ProductUpdated', 'ProductRemoved', 'StockLevelSet', 'StockReserved', 'StockReleased', 'ProductReviewed'],
  tables: ['products', 'catalogue_product_facts'],
  async apply(client, recorded: RecordedEvent) {
    const event = recorded as unknown as ProductEvent | StockEvent | ReviewEvent;
    switch (event.type) {
      case 'ProductAdded':
      case 'ProductUpdated': {
        const d = event.data;
        const at = event.type === 'ProductAdded' ? event.data.addedAt : event.data.updatedAt;
        await ensureFacts(client, d.productId);
        await client.query(
          `insert into products (id, name, price, original_price, image, images, category, is_new, is_on_sale, discount, description,
              in_stock_flag, imported_rating, imported_reviews, power_points, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
           on conflict (id) do update set name = excluded.name, price = excluded.price, original_price = excluded.original_price,
              image = excluded.image, images = excluded.images, category = excluded.category, is_new = excluded.is_new,
              is_on_sale = excluded.is_on_sale, discount = excluded.discount, description = excluded.description,
              in_stock_flag = excluded.in_stock_flag, imported_rating = excluded.imported_rating,
              imported_reviews = excluded.imported_reviews, power_points = excluded.power_points,
              updated_at = excluded.updated_at${event.type === 'ProductAdded' ? ', created_at = excluded.created_at' : ''}`,
          [d.productId, d.name, d.price, d.originalPrice, d.image, JSON.stringify(d.images), d.category, d.isNew, d.isOnSale, d.discount, d.description, d.inStock, d.rating, d.reviews, d.powerPoints, at],
        );
        await refreshDerived(client, d.productId);
        return;
      }
      case 'ProductRemoved':
        await client.query('delete from products where id = $1', [event.data.productId]);
        return;
      case 'StockLevelSet':
      case 'StockReserved':
      case 'StockReleased': {
        const { productId, quantity } = event.data;
        await ensureFacts(client, productId);
        const delta = event.type === 'StockLevelSet' ? 'quantity' : event.type === 'StockReserved' ? 'stock_quantity - $2' : 'stock_quantity + $2';
        await client.query(`update catalogue_product_facts set stock_quantity = ${delta === 'quantity' ? '$2' : delta} where product_id = $1`, [productId, quantity]);
        await refreshDerived(client, productId);
        return;
      }
      case 'ProductReviewed': {
        const { productId, rating } = event.data;
        await ensureFacts(client, productId);
        await client.query('update catalogue_product_facts set rating_sum = rating_sum + $2, rating_count = rating_count + 1 where product_id = $1', [productId, rating]);
        await refreshDerived(client, productId);
        return;
      }
      default:
        return;
    }
  },
};
