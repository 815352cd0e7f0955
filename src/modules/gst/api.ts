import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { placeOfSupplyLabel, gstr1, gstr1Csv, gstr1CsvAll } from './gstr1.js';
import { reconcileGst } from './reconcile.js';
import { currentUser } from '../../plugins/auth.js';
import { CATEGORIES } from '../catalogue/index.js';
import { categoryDefaults, setCategoryDefault } from './category-defaults.js';
import {
  categoryDefaultBody,
  categoryDefaultsResponses,
  gstr1Query,
  gstr1Responses,
  invoicesQuery,
  invoicesResponses,
  monthQuery,
  reconciliationResponses,
} from './schemas.js';
import { gstSettings } from './settings.js';

/** Admin: the monthly return (GSTR-1) as JSON or CSV, the invoices issued, and the reconciliation with the log. */
export async function gstApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireAdmin };

  api.get('/admin/gst/gstr1', { ...admin, schema: { querystring: gstr1Query, response: gstr1Responses } }, async (request, reply) => {
    const { month, format, sheet } = request.query;
    const report = await gstr1(runtime.pool, month, gstSettings().seller.gstin);
    if (format === 'json') return { success: true as const, gstr1: report };
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gstr1-${month}${sheet ? `-${sheet}` : ''}.csv"`)
      .header('cache-control', 'no-store');
    return `${sheet ? gstr1Csv(report, sheet) : gstr1CsvAll(report)}\n`;
  });

  api.get('/admin/gst/invoices', { ...admin, schema: { querystring: invoicesQuery, response: invoicesResponses } }, async (request) => {
    const { month, page, limit } = request.query;
    const where = month ? 'where tax_period = $3' : '';
    const params: unknown[] = [limit, (page - 1) * limit, ...(month ? [month] : [])];
    const { rows } = await runtime.pool.query<{
      document_number: string;
      kind: 'invoice' | 'credit-note';
      invoice_number: string;
      order_id: string;
      order_number: string;
      issued_at: Date;
      place_of_supply: string;
      tax: string;
      total_paise: string;
      total: number;
    }>(
      `select document_number, kind, invoice_number, order_id, order_number, issued_at, place_of_supply,
              cgst_paise + sgst_paise + igst_paise as tax, total_paise, count(*) over ()::int as total
         from invoices ${where} order by issued_at desc, document_number desc limit $1 offset $2`,
      params,
    );
    return {
      success: true as const,
      invoices: rows.map((r) => ({
        documentNumber: r.document_number,
        kind: r.kind,
        invoiceNumber: r.invoice_number,
        orderId: r.order_id,
        orderNumber: r.order_number,
        issuedAt: r.issued_at.toISOString(),
        placeOfSupply: placeOfSupplyLabel(r.place_of_supply),
        taxPaise: Number(r.tax),
        totalPaise: Number(r.total_paise),
      })),
      total: rows[0]?.total ?? 0,
      page,
      limit,
    };
  });

  api.get('/admin/gst/reconciliation', { ...admin, schema: { querystring: monthQuery, response: reconciliationResponses } }, async (request) => ({
    success: true as const,
    reconciliation: await reconcileGst(runtime.store, runtime.pool, request.query.month),
  }));

  const defaultsAnswer = async () => {
    const settings = gstSettings();
    const defaults = await categoryDefaults(runtime.store, settings);
    return {
      success: true as const,
      defaults: CATEGORIES.map((category) => ({ category, ...(defaults[category] ?? { hsn: '9503', rate: 18 }) })),
      slabs: settings.slabs,
    };
  };

  /** The HSN code and rate a product takes when it sets none, per category (the environment's, then the admin's). */
  api.get('/admin/gst/category-defaults', { ...admin, schema: { response: categoryDefaultsResponses } }, defaultsAnswer);

  api.put('/admin/gst/category-defaults', { ...admin, schema: { body: categoryDefaultBody, response: categoryDefaultsResponses } }, async (request) => {
    const user = currentUser(request);
    await setCategoryDefault(
      runtime.store,
      { ...request.body, categories: CATEGORIES, slabs: gstSettings().slabs, by: user.id },
      { userId: user.id, correlationId: request.id, now: new Date() },
    );
    return defaultsAnswer();
  });
}
