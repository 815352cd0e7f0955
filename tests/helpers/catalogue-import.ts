import type { FastifyInstance } from 'fastify';

/** A multipart body built by hand, so a test controls every byte. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = '----storetest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Imports CSV rows through the admin's bulk import (mode add); resolves once this instance serves them. */
export async function importCsv(app: FastifyInstance, admin: Record<string, string>, csv: string) {
  const body = multipartBody({ mode: 'add' }, { name: 'products.csv', content: Buffer.from(csv, 'utf8') });
  const res = await app.inject({ method: 'POST', url: '/api/admin/products/bulk', headers: { ...admin, ...body.headers }, payload: body.payload });
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json() as { created: number; errors: unknown[] };
}
