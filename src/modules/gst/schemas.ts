import { z } from 'zod';

const month = z.string({ error: 'month must be YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

export const gstr1Query = z.object({
  month,
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  sheet: z.enum(['b2cs', 'hsn', 'docs'], { error: 'sheet must be b2cs, hsn or docs' }).optional(),
});
export const monthQuery = z.object({ month });
export const invoicesQuery = z.object({
  month: month.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number({ error: 'limit must be between 1 and 200' })
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(50),
});

const paise = z.number().int();
const amounts = { taxablePaise: paise, igstPaise: paise, cgstPaise: paise, sgstPaise: paise };
const failure = z.object({ success: z.literal(false), error: z.string() });

export const gstr1Schema = z.object({
  period: z.string(),
  gstin: z.string(),
  b2cs: z.array(z.object({ type: z.literal('OE'), placeOfSupply: z.string(), rate: z.number(), ...amounts })),
  hsn: z.array(
    z.object({ hsn: z.string(), description: z.string(), uqc: z.string(), quantity: z.number().int(), totalValuePaise: paise, rate: z.number(), ...amounts }),
  ),
  docs: z.array(
    z.object({
      natureOfDocument: z.enum(['Invoices for outward supply', 'Credit Note']),
      from: z.string(),
      to: z.string(),
      totalNumber: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
  totals: z.object({ ...amounts, invoices: z.number().int(), creditNotes: z.number().int() }),
});

export const gstr1Responses = { 200: z.union([z.object({ success: z.literal(true), gstr1: gstr1Schema }), z.string()]), 400: failure };

export const invoiceListItem = z.object({
  documentNumber: z.string(),
  kind: z.enum(['invoice', 'credit-note']),
  invoiceNumber: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  issuedAt: z.string(),
  placeOfSupply: z.string(),
  taxPaise: paise,
  totalPaise: paise,
});
export const invoicesResponses = {
  200: z.object({
    success: z.literal(true),
    invoices: z.array(invoiceListItem).max(200),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
  400: failure,
};

export const reconciliationResponses = {
  200: z.object({
    success: z.literal(true),
    reconciliation: z.object({
      period: z.string(),
      events: z.object({ ...amounts, invoices: z.number().int(), creditNotes: z.number().int() }),
      gstr1: z.object({ ...amounts, invoices: z.number().int(), creditNotes: z.number().int() }),
      b2csSum: z.object(amounts),
      hsnSum: z.object(amounts),
      differences: z.array(z.object({ documentNumber: z.string(), reason: z.string() })),
      reconciled: z.boolean(),
    }),
  }),
  400: failure,
};

export const categoryDefaultBody = z.object({
  category: z.string({ error: 'category is required' }).min(1, 'category is required').max(100),
  hsn: z.string({ error: 'HSN must be 4, 6 or 8 digits' }).trim(),
  rate: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: 'GST rate must be a number' })),
});
export const categoryDefaultsResponses = {
  200: z.object({
    success: z.literal(true),
    defaults: z.array(z.object({ category: z.string(), hsn: z.string(), rate: z.number() })),
    slabs: z.array(z.number()),
  }),
  400: failure,
};
