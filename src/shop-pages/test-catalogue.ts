import type { FastifyInstance } from 'fastify';
import { multipartBody } from '../../tests/helpers/catalogue-import.js';

/** Test helper: imports CSV rows through the admin's bulk import (the path a real catalogue takes). */
export async function importCsv(app: FastifyInstance, admin: Record<string, string>, rows: string[]): Promise<void> {
  const header = 'name,category,price,originalPrice,discount,isOnSale,isNew,image,description,inStock,rating,reviews,stockQuantity';
  const body = multipartBody({}, { name: 'products.csv', content: Buffer.from([header, ...rows].join('\n'), 'utf8'), type: 'text/csv' });
  const res = await app.inject({ method: 'POST', url: '/api/admin/products/bulk', headers: { ...admin, ...body.headers }, payload: body.payload });
  if (res.statusCode !== 200 || res.json().errors?.length) throw new Error(`import failed: ${res.body}`);
}

/** Products of the catalogue by name (ids are generated). */
export async function productsByName(app: FastifyInstance, admin: Record<string, string>): Promise<Map<string, { id: string; updated_at: string }>> {
  const res = await app.inject({ url: '/api/admin/products?limit=200', headers: admin });
  const list = (res.json().products ?? []) as { id: string; name: string; updated_at: string }[];
  return new Map(list.map((p) => [p.name, p]));
}
