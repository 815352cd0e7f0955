import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../../core/errors.js';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { clientAddress, signInRateLimit } from '../../plugins/rate-limits.js';
import { CredentialStore, loadCustomer, verifyPassword, type AttemptThrottle } from '../customers/index.js';
import { dataExport } from './data-export.js';
import { ERASED_READ_MODELS, eraseCustomer } from './erase.js';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy-notice.js';
import { readRetainedInvoice } from './retention.js';
import { taxInvoicePdf } from '../gst/index.js';
import { invoicePdf } from '../orders/index.js';
import {
  dataExportResponses,
  DELETE_ACCOUNT_MESSAGES,
  deleteAccountBody,
  deleteAccountResponses,
  eraseCustomerBody,
  eraseCustomerParams,
  eraseCustomerResponses,
  privacyNoticeResponses,
  retainedInvoiceParams,
  retainedInvoiceQuery,
  retainedInvoiceResponses,
} from './schemas.js';

const attachment = (customerId: string) => `attachment; filename="my-data-${customerId}.json"`;

export async function privacyApi(app: FastifyInstance, runtime: ModuleDeps, throttle: AttemptThrottle): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const credentials = new CredentialStore(runtime.pool);
  const settle = async (position: Parameters<ModuleDeps['projections']['waitFor']>[0] | null) => {
    if (position) await runtime.projections.waitFor(position, ERASED_READ_MODELS).catch(() => undefined);
  };

  api.get('/privacy/notice', { schema: { response: privacyNoticeResponses } }, async () => ({ success: true as const, version: PRIVACY_NOTICE_VERSION }));

  /**
   * The shopper deletes their account from the Profile: current password and a typed confirmation. The password check
   * is throttled like sign-in (the sign-in routes' per-minute budget, and the attempt throttle on the account's e-mail
   * and the real client address): a stolen token gives no guessing budget of its own.
   */
  api.delete(
    '/user/account',
    { preHandler: requireUser, schema: { body: deleteAccountBody, response: deleteAccountResponses }, config: signInRateLimit(runtime.limits) },
    async (request) => {
      const user = currentUser(request);
      const { state } = await loadCustomer(runtime.store, user.id);
      const attempt = await throttle.begin({ account: state.profile.email, address: clientAddress(request) });
      const hash = await credentials.passwordHash(user.id);
      if (!hash || !(await verifyPassword(request.body.currentPassword, hash))) throw new ValidationError(DELETE_ACCOUNT_MESSAGES.incorrect);
      await attempt.succeeded();
      const { position } = await eraseCustomer(
        runtime,
        user.id,
        { requestedBy: 'customer', by: user.id, reason: 'Account deleted by the customer from their profile' },
        { userId: user.id, correlationId: request.id },
      );
      await settle(position);
      return { success: true as const, message: DELETE_ACCOUNT_MESSAGES.done };
    },
  );

  api.get('/user/data-export', { preHandler: requireUser, schema: { response: dataExportResponses } }, async (request, reply) => {
    const user = currentUser(request);
    reply.header('content-disposition', attachment(user.id)).header('cache-control', 'no-store');
    return dataExport(runtime, user.id);
  });

  /** An admin erases a customer on request (the reason is recorded in PersonalDataErased). */
  api.post(
    '/admin/customers/:id/erase',
    { onRequest: requireAdmin, schema: { params: eraseCustomerParams, body: eraseCustomerBody, response: eraseCustomerResponses } },
    async (request) => {
      const admin = currentUser(request);
      if (admin.id === request.params.id) throw new ValidationError('You cannot erase your own account here; use Delete account in your profile');
      const { position, retainedInvoices } = await eraseCustomer(
        runtime,
        request.params.id,
        { requestedBy: 'admin', by: admin.id, reason: request.body.reason },
        { userId: admin.id, correlationId: request.id },
      );
      await settle(position);
      return { success: true as const, message: 'Customer erased', retainedInvoices };
    },
  );

  api.get(
    '/admin/customers/:id/data-export',
    { onRequest: requireAdmin, schema: { params: eraseCustomerParams, response: dataExportResponses } },
    async (request, reply) => {
      reply.header('content-disposition', attachment(request.params.id)).header('cache-control', 'no-store');
      return dataExport(runtime, request.params.id);
    },
  );

  /** A tax invoice kept after erasure, read for a stated purpose (every read is logged). */
  api.get(
    '/admin/retained-invoices/:orderId',
    { onRequest: requireAdmin, schema: { params: retainedInvoiceParams, querystring: retainedInvoiceQuery, response: retainedInvoiceResponses } },
    async (request, reply) => {
      const { purpose, format } = request.query;
      const retained = await readRetainedInvoice(
        runtime.pool,
        request.params.orderId,
        currentUser(request).id,
        format === 'pdf' ? `${purpose} (PDF)` : purpose,
      );
      if (!retained) throw new NotFoundError('No retained invoice for this order');
      if (format === 'json') return { success: true as const, retained };
      // The seller's copy printed: a GST tax invoice as the shopper was given it, an older order's invoice summary.
      const invoice = retained.invoice as Parameters<typeof taxInvoicePdf>[0] & Parameters<typeof invoicePdf>[0];
      const pdf = invoice.title === 'Tax Invoice' ? await taxInvoicePdf(invoice) : await invoicePdf(invoice);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="retained-invoice-${retained.orderNumber}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf as never);
    },
  );
}
