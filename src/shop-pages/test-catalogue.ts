import type { FastifyInstance } from 'fastify';

/** Test helper: imports CSV rows through the admin's bulk import (the path a real catalogue takes). */
export async function importCsv(app: FastifyInstance, admin: Record<string, string>, rows: string[]): Promise<void> {
  const header = 'name,category,price,originalPrice,discount,isOnSale,isNew,image,description,inStock,rating,reviews,stockQuantity';
  const boundary = '----shoppages' + Math.random().toString(16).slice(2);
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      [header, ...rows].join('\n') +
      `\r\n--${boundary}--\r\n`,
    'utf8',
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/products/bulk',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 200 || res.json().errors?.length) throw new Error(`import failed: ${res.body}`);
}

/** Products of the catalogue by name (ids are generated). */
export async function productsByName(app: FastifyInstance, admin: Record<string, string>): Promise<Map<string, { id: string; updated_at: string }>> {
  const res = await app.inject({ url: '/api/admin/products?limit=200', headers: admin });
  const list = (res.json().products ?? []) as { id: string; name: string; updated_at: string }[];
  return new Map(list.map((p) => [p.name, p]));
}
