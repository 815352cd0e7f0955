import { z } from 'zod';

const failure = z.object({ success: z.literal(false), error: z.string() });
const done = z.object({ success: z.literal(true), message: z.string() });

export const DELETE_ACCOUNT_MESSAGES = {
  password: 'Current password is required to delete your account',
  incorrect: 'Current password is incorrect',
  confirm: 'Type DELETE to confirm',
  done: 'Your account and personal data have been erased',
} as const;

/** DELETE /api/user/account: the current password and the typed confirmation. */
export const deleteAccountBody = z.object({
  currentPassword: z.string({ error: DELETE_ACCOUNT_MESSAGES.password }).min(1, DELETE_ACCOUNT_MESSAGES.password).max(200),
  confirm: z.literal('DELETE', { error: DELETE_ACCOUNT_MESSAGES.confirm }),
});
export const deleteAccountResponses = { 200: done, 400: failure, 401: failure, 404: failure, 429: failure };

export const eraseCustomerParams = z.object({ id: z.uuid({ error: 'Invalid customer id' }) });
export const eraseCustomerBody = z.object({
  reason: z.string({ error: 'A reason is required' }).trim().min(3, 'A reason is required').max(500, 'reason is too long'),
});
export const eraseCustomerResponses = {
  200: done.extend({ retainedInvoices: z.number().int().min(0) }),
  400: failure,
  401: failure,
  403: failure,
  404: failure,
};

const exportShape = z
  .object({
    privacyNoticeVersion: z.string(),
    profile: z.object({ id: z.string(), email: z.string(), full_name: z.string() }).passthrough(),
    consents: z.array(z.object({ notice: z.string(), version: z.string(), acceptedAt: z.string() })),
    addresses: z.array(z.unknown()),
    orders: z.array(z.unknown()),
    reviews: z.array(z.unknown()),
    wishlist: z.array(z.unknown()),
  })
  .passthrough();
export const dataExportResponses = { 200: exportShape, 401: failure, 403: failure, 404: failure };

export const retainedInvoiceParams = z.object({ orderId: z.string().min(1).max(100) });
export const retainedInvoiceQuery = z.object({
  purpose: z.string({ error: 'purpose is required' }).trim().min(3, 'purpose is required').max(200, 'purpose is too long'),
  /** json (default): the copy with its access log; pdf: the retained tax invoice printed, as the shopper got it. */
  format: z.enum(['json', 'pdf'], { error: 'format must be json or pdf' }).default('json'),
});
export const retainedInvoiceResponses = {
  200: z.object({
    success: z.literal(true),
    retained: z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      retainUntil: z.string(),
      invoice: z.unknown(),
      accessLog: z.array(z.object({ action: z.string(), by: z.string(), purpose: z.string(), at: z.string() })),
    }),
  }),
  400: failure,
  401: failure,
  403: failure,
  404: failure,
};

export const privacyNoticeResponses = { 200: z.object({ success: z.literal(true), version: z.string() }) };
