import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { takeAnchor } from './anchor.js';
import { verifyStoreChains } from './chain-sources.js';
import { exportEvents } from './export.js';
import { reconcileRevenue } from './revenue.js';
import { anchorResponses, exportQuery, exportResponses, revenueQuery, revenueResponses, verifyResponses } from './schemas.js';
import { monthQuery, reconcileGst, reconciliationResponses } from '../gst/index.js';

/** The auditor's routes (admin only): the log export, chain verification and revenue reconciliation. */
export async function auditApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireAdmin };

  api.get('/admin/audit/export', { ...admin, schema: { querystring: exportQuery, response: exportResponses } }, async (request, reply) => {
    const { from, to, format, label } = request.query;
    const stream = await exportEvents(runtime.store, { from, to }, format);
    if (!stream) return reply.code(501).send({ success: false, error: 'The export reads the PostgreSQL log; with EventStoreDB use its own tools' });
    reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="events-${label}.${format}"`)
      .header('cache-control', 'no-store');
    return reply.send(stream);
  });

  api.get('/admin/audit/verify', { ...admin, schema: { response: verifyResponses } }, async () => {
    const report = await verifyStoreChains(runtime.store);
    return { success: true, ...report };
  });

  /** Every stream's chain head and their digest, as a file to keep outside the database (`npm run audit -- verify --anchor`). */
  api.get('/admin/audit/anchor', { ...admin, schema: { response: anchorResponses } }, async (_request, reply) => {
    const anchor = await takeAnchor(runtime);
    reply.header('content-disposition', `attachment; filename="anchor-${anchor.takenAt.replace(/[:.]/g, '-')}.json"`).header('cache-control', 'no-store');
    return { success: true, ...anchor };
  });

  api.get('/admin/audit/revenue', { ...admin, schema: { querystring: revenueQuery, response: revenueResponses } }, async (request) => ({
    success: true,
    reconciliation: await reconcileRevenue(runtime.store, runtime.pool, request.query),
  }));

  /** GST: the month's GSTR-1 tax against its InvoiceIssued minus CreditNoteIssued events, to the paisa. */
  api.get('/admin/audit/gst', { ...admin, schema: { querystring: monthQuery, response: reconciliationResponses } }, async (request) => ({
    success: true as const,
    reconciliation: await reconcileGst(runtime.store, runtime.pool, request.query.month),
  }));
}
