import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../../src/runtime.js';

export interface Product {
  id: string;
  price: number;
}

/** A product with stock, through the admin API (a command, like the dashboard's). */
export async function createProduct(
  app: FastifyInstance,
  _runtime: Runtime,
  adminAuth: Record<string, string>,
  options: { price?: number; stock?: number } = {},
): Promise<Product> {
  const price = options.price ?? 1499;
  const stock = options.stock ?? 500;
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: adminAuth,
    payload: {
      name: `Hardening figure ${Math.random().toString(36).slice(2, 8)}`,
      price,
      category: 'Anime Figures',
      stock_quantity: stock,
      description: 'fixture',
    },
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { product: { id: string } };
  return { id: String(body.product.id), price };
}

export const SHIPPING = {
  shipping_address: '12 Linking Road',
  shipping_city: 'Mumbai',
  shipping_state: 'Maharashtra',
  shipping_pincode: '400050',
  shipping_phone: '9876543210',
};

/** Places a cash-on-delivery order (total >= 1000) and returns the raw response. */
export function placeOrder(app: FastifyInstance, auth: Record<string, string>, productId: string, quantity = 1) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: { items: [{ productId, quantity }], payment_method: 'cod', ...SHIPPING },
  });
}

export function orderIdOf(body: unknown): string | undefined {
  const order = (body as { order?: { id?: string; orderId?: string } }).order;
  return order?.id ?? order?.orderId;
}
