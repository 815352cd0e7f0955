import { randomUUID } from 'node:crypto';
import { toNewEvents } from '../../src/core/command-handler.js';
import type { Runtime } from '../../src/runtime.js';
import { productStream } from '../../src/modules/catalogue/index.js';
import { inventoryStream } from '../../src/modules/inventory/index.js';

/**
 * Test fixture: a product the orders module can sell, created the way the catalogue creates one — ProductAdded and
 * the inventory's StockLevelSet in one append — and visible in the `products` read model when this returns.
 */
export async function createTestProduct(
  runtime: Runtime,
  options: {
    price?: number | string;
    stock?: number;
    name?: string;
    category?: string;
    inStockFlag?: boolean;
    hsn?: string;
    gstRate?: number;
    releaseDate?: string;
  } = {},
): Promise<{ id: string; name: string; price: number }> {
  const id = `test-${randomUUID()}`;
  const name = options.name ?? `Figure ${id.slice(5, 13)}`;
  const price = Number(options.price ?? 1299);
  const stock = options.stock ?? 20;
  const context = { correlationId: randomUUID() };
  const result = await runtime.store.appendMany([
    {
      streamId: productStream(id),
      expectedVersion: 'no_stream',
      events: toNewEvents(
        [
          {
            type: 'ProductAdded',
            data: {
              productId: id,
              name,
              price,
              originalPrice: null,
              image: `/media/${id}.webp`,
              images: [],
              category: options.category ?? 'Anime Figures',
              isNew: false,
              isOnSale: false,
              discount: null,
              description: '',
              inStock: options.inStockFlag ?? true,
              rating: 0,
              reviews: 0,
              powerPoints: 50,
              ...(options.hsn !== undefined ? { hsn: options.hsn } : {}),
              ...(options.gstRate !== undefined ? { gstRate: options.gstRate } : {}),
              ...(options.releaseDate !== undefined ? { preorder: true, releaseDate: options.releaseDate } : {}),
              addedAt: new Date().toISOString(),
            },
          },
        ],
        context,
      ),
    },
    {
      streamId: inventoryStream(id),
      expectedVersion: 'no_stream',
      events: toNewEvents([{ type: 'StockLevelSet', data: { productId: id, quantity: stock, reason: 'test fixture' } }], context),
    },
  ]);
  await runtime.projections.waitFor(result.position, ['catalogue']);
  return { id, name, price };
}
