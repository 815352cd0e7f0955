import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CommandContext } from '../../core/command-handler.js';
import { NotFoundError, ValidationError } from '../../core/errors.js';
import { START, type GlobalPosition } from '../../core/event-store.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { bulkImportProducts, IMPORT_MODES, type BulkImportCommand, type ImportMode } from './import/bulk-import.js';
import type { CatalogueMemory } from './search/catalogue-memory.js';
import { addProduct, loadProduct, removeProduct, removeProducts, updateProduct } from './products/commands.js';
import { parseImportFile } from './import/import-file.js';
import { columnMap, csvTemplate, IMPORT_COLUMNS, missingColumns } from './import/import-rows.js';
import { PRODUCT_COLUMNS, toProductDto, type ProductRow } from './products/product-dto.js';
import { excerpt } from '../../shared/excerpt.js';
import {
  adminListQuery,
  adminProductsResponses,
  bulkColumnsResponses,
  bulkImportResponses,
  createProductBody,
  detailsFromForm,
  productCreatedResponses,
  productDeletedResponses,
  productIdParams,
  productsDeletedResponses,
  productUpdatedResponses,
  templateResponses,
  updateProductBody,
} from './products/schemas.js';

const IMPORT_FILE_LIMIT = 20 * 1024 * 1024;

function parseJsonField(value: string, name: string): Record<string, string> {
  if (value.trim() === '') return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    throw new ValidationError(`${name} must be a JSON object`);
  }
}

function parseMode(value: unknown): ImportMode {
  const mode = value === undefined || value === '' ? 'upsert' : String(value);
  if (!(IMPORT_MODES as readonly string[]).includes(mode)) throw new ValidationError('Mode must be add, update, upsert or deleteall');
  return mode as ImportMode;
}

/** Reads the bulk form: file, mode, imageMap (JSON), column mapping (JSON); deleteall needs no file. */
async function readBulkForm(request: FastifyRequest): Promise<BulkImportCommand> {
  const query = request.query as { mode?: string };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as { mode?: string };
    return { mode: parseMode(body.mode ?? query.mode) };
  }
  const fields: Record<string, string> = {};
  let file: BulkImportCommand['file'];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (!file && buffer.length > 0) file = { filename: part.filename, buffer };
    } else fields[part.fieldname] = String(part.value ?? '');
  }
  return {
    mode: parseMode(fields.mode ?? query.mode),
    file,
    imageMap: parseJsonField(fields.imageMap ?? '', 'imageMap'),
    columnMapping: parseJsonField(fields.columnMapping ?? fields.mapping ?? '', 'columnMapping'),
  };
}

export async function adminCatalogueRoutes(app: FastifyInstance, runtime: ModuleDeps, memory: CatalogueMemory): Promise<void> {
  const context = (request: FastifyRequest): CommandContext => ({ userId: request.user?.id ?? null, correlationId: request.id, now: new Date() });
  /** Read-your-writes: the table and this instance's memory both show the change before we answer. */
  const settle = async (position: GlobalPosition | null, timeoutMs = 10_000) => {
    if (!position) return;
    await runtime.projections.waitFor(position, ['catalogue'], timeoutMs).catch(() => undefined);
    await memory.waitFor(position, timeoutMs).catch(() => undefined);
  };
  const listIds = async () => (await runtime.pool.query<{ id: string }>('select id from products order by id')).rows.map((r) => r.id);

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_FILE_LIMIT, files: 1, fields: 10, fieldSize: 2 * 1024 * 1024 } });
    scope.addHook('onRequest', requireAdmin);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get('/admin/products', { schema: { querystring: adminListQuery, response: adminProductsResponses } }, async (request) => {
      const { page, limit, search, category } = request.query;
      const where: string[] = [];
      const params: unknown[] = [];
      if (search?.trim()) {
        params.push(`%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`(name ilike $${params.length} or id ilike $${params.length})`);
      }
      if (category?.trim()) {
        params.push(category.trim());
        where.push(`category = $${params.length}`);
      }
      const clause = where.length ? `where ${where.join(' and ')}` : '';
      // Newest first, then name, then id (as the storefront's catalogue order): a bulk import gives its rows one
      // timestamp, and without the id the ties come back in any order, so offset pages repeat or skip a product.
      const [rows, totals] = await Promise.all([
        runtime.pool.query<ProductRow>(
          `select ${PRODUCT_COLUMNS} from products ${clause} order by created_at desc, name, id limit ${limit} offset ${(page - 1) * limit}`,
          params,
        ),
        runtime.pool.query<{ total: number; valid: number; filtered: number }>(
          `select count(*)::int as total, count(*) filter (where name <> '' and price > 0 and stock_quantity > 0)::int as valid,
                  (select count(*)::int from products ${clause}) as filtered from products`,
          params,
        ),
      ]);
      const t = totals.rows[0]!;
      return {
        success: true,
        products: rows.rows.map(toProductDto),
        page,
        limit,
        total: t.filtered,
        totalPages: Math.max(1, Math.ceil(t.filtered / limit)),
        totals: { total: t.total, valid: t.valid, invalid: t.total - t.valid },
      };
    });

    api.get('/admin/products/template', { schema: { response: templateResponses } }, async (_request, reply) =>
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="product-template.csv"').send(csvTemplate()),
    );

    api.post('/admin/products', { schema: { body: createProductBody, response: productCreatedResponses } }, async (request, reply) => {
      const form = request.body;
      const details = detailsFromForm(form, null);
      const { productId, position } = await addProduct(runtime.store, details, form.stock_quantity, context(request));
      await settle(position);
      return reply.code(201).send({ success: true, message: 'Product created successfully', product: memory.getProduct(productId) ?? { id: productId } });
    });

    api.put('/admin/products/:id', { schema: { params: productIdParams, body: updateProductBody, response: productUpdatedResponses } }, async (request) => {
      const { id } = request.params;
      const state = await loadProduct(runtime.store, id);
      if (state.status !== 'listed') throw new NotFoundError('Product not found');
      const details = detailsFromForm(request.body, state.details);
      const { position } = await updateProduct(runtime.store, id, details, request.body.stock_quantity, context(request));
      await settle(position);
      return { success: true, message: 'Product updated successfully', product: memory.getProduct(id) ?? null };
    });

    api.delete('/admin/products/all', { schema: { response: productsDeletedResponses } }, async (request) => {
      const { removed, position } = await removeProducts(runtime.store, await listIds(), 'remove-all', context(request));
      await settle(position, 60_000);
      return { success: true, message: `Deleted ${removed} products`, deletedCount: removed };
    });

    api.delete('/admin/products/cleanup', { schema: { response: productsDeletedResponses } }, async (request) => {
      const invalid = await runtime.pool.query<{ id: string }>(
        "select id from products where trim(name) = '' or price <= 0 or stock_quantity <= 0 order by id",
      );
      const { removed, position } = await removeProducts(
        runtime.store,
        invalid.rows.map((r) => r.id),
        'cleanup-invalid',
        context(request),
      );
      await settle(position, 60_000);
      return { success: true, message: removed === 0 ? 'No invalid products found' : `Cleaned up ${removed} invalid products`, deletedCount: removed };
    });

    api.delete('/admin/products/:id', { schema: { params: productIdParams, response: productDeletedResponses } }, async (request) => {
      const { position } = await removeProduct(runtime.store, request.params.id, context(request));
      await settle(position);
      return { success: true, message: 'Product deleted successfully' };
    });

    /**
     * Step 2's column check: the file's own headers, which template column each feeds (the given mapping applied),
     * and the required ones still missing, so the admin can map them before uploading. Nothing is imported.
     */
    api.post('/admin/products/bulk/columns', { schema: { response: bulkColumnsResponses } }, async (request) => {
      const command = await readBulkForm(request);
      if (!command.file) throw new ValidationError('Please upload a .csv, .xlsx or .xls file');
      const sheet = await parseImportFile(command.file.filename, command.file.buffer);
      const columns = columnMap(sheet.headers, command.columnMapping ?? {});
      return {
        success: true,
        headers: sheet.headers.filter(Boolean).map((header) => excerpt(header)),
        templateColumns: IMPORT_COLUMNS,
        columns: Object.fromEntries([...columns].map(([field, header]) => [field, excerpt(header)])),
        missing: missingColumns(columns),
      };
    });

    api.post('/admin/products/bulk', { schema: { response: bulkImportResponses } }, async (request) => {
      const command = await readBulkForm(request);
      const result = await bulkImportProducts(runtime.store, command, listIds, context(request));
      let mark = performance.now();
      await runtime.projections.waitFor(result.position ?? START, ['catalogue'], 120_000).catch(() => undefined);
      const projectMs = Math.round(performance.now() - mark);
      mark = performance.now();
      await settle(result.position, 120_000);
      const { position: _position, phases, errorCount, ...answer } = result;
      runtime.log.info({ rows: answer.total, ...phases, projectMs, catalogueMs: Math.round(performance.now() - mark) }, 'bulk import phases');
      const message =
        answer.mode === 'deleteall'
          ? `Deleted ${answer.deleted} products`
          : `Processed ${answer.processed} of ${answer.total} rows: ${answer.created} created, ${answer.updated} updated, ${errorCount} errors${errorCount > answer.errors.length ? ` (the first ${answer.errors.length} listed)` : ''}`;
      return { success: true, message, ...answer };
    });
  });
}
