import type { FastifyInstance } from 'fastify';

/** Test fixture: a shopper's order placed through the API, delivered to `state` (and its pincode). */
export async function placeTestOrder(
  app: FastifyInstance,
  auth: Record<string, string>,
  options: { items: { id: string; quantity: number }[]; state: string; pincode: string; method?: 'cod' | 'razorpay'; name?: string },
): Promise<{ id: string; orderNumber: string; totalAmount: number }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: {
      shipping_name: options.name ?? 'Asha Rao',
      shipping_address: '14 Residency Road',
      shipping_city: 'City',
      shipping_state: options.state,
      shipping_pincode: options.pincode,
      shipping_phone: '9876543210',
      payment_method: options.method ?? 'cod',
      items: options.items,
    },
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json().order;
}
