import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

/**
 * The gst feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/invoices) imports only this file.
 */
const paise = z.number().int().min(0);
const state = z.object({ code: z.string().regex(/^\d{2}$/), name: z.string() });

export const documentLineSchema = z.object({
  lineNo: z.number().int().min(1),
  kind: z.enum(['goods', 'shipping']),
  productId: z.string().nullable(),
  description: z.string(),
  /** HSN for goods, SAC for the shipping service. */
  hsn: z.string().regex(/^(\d{4}|\d{6}|\d{8})$/),
  quantity: z.number().int().min(1),
  /** GSTR-1 unit quantity code: NOS for pieces, NA for a service. */
  unit: z.enum(['NOS', 'NA']),
  unitPricePaise: paise,
  /**
   * What was paid for the line, GST included: unit price × quantity less the line's discount. The tax is the GST
   * contained in this amount: a discount shown on the invoice is not part of the taxable value.
   */
  grossPaise: paise,
  /** The line's share of a coupon's discount, shown on the invoice (absent: none). */
  discountPaise: paise.optional(),
  /** Percent. */
  rate: z.number().min(0).max(100),
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

export const totalsSchema = z.object({ taxablePaise: paise, cgstPaise: paise, sgstPaise: paise, igstPaise: paise, taxPaise: paise, totalPaise: paise });

export const taxDocumentEvents = {
  /**
   * The tax invoice, whole: everything it prints is here (recipient included, so a retention store can keep it when a
   * shopper's personal data is erased), so an invoice is rebuilt from this event alone, byte for byte.
   */
  InvoiceIssued: z.object({
    invoiceNumber: z
      .string()
      .max(16)
      .regex(/^[A-Za-z0-9/-]+$/),
    financialYear: z.string(),
    orderId: z.string().min(1),
    orderNumber: z.string(),
    /** The buyer (absent in invoices issued before personal data was encrypted): whose key seals the recipient in the log. */
    customerId: z.string().optional(),
    issuedAt: z.string().datetime(),
    seller: z.object({ legalName: z.string(), address: z.string(), gstin: z.string(), state }),
    recipient: z.object({
      name: z.string(),
      email: z.string(),
      address: z.string(),
      addressLine2: z.string(),
      city: z.string(),
      pincode: z.string(),
      phone: z.string(),
      state,
    }),
    placeOfSupply: state,
    supplyType: z.enum(['intra-state', 'inter-state']),
    reverseCharge: z.literal(false),
    paymentMethod: z.enum(['razorpay', 'cod']),
    lines: z.array(documentLineSchema).min(1),
    totals: totalsSchema,
    amountInWords: z.string(),
  }),
  /**
   * Credits an invoice, in its own series: what is still in force of it (an order cancelled or refunded), or a return's
   * units. An invoice's credit notes never add up to more than it, line by line and tax head by tax head.
   */
  CreditNoteIssued: z.object({
    creditNoteNumber: z
      .string()
      .max(16)
      .regex(/^[A-Za-z0-9/-]+$/),
    financialYear: z.string(),
    invoiceNumber: z.string(),
    invoiceDate: z.string().datetime(),
    orderId: z.string().min(1),
    orderNumber: z.string(),
    issuedAt: z.string().datetime(),
    /** 'returned': part of the invoice (the returned units), which stays in force for the rest. */
    reason: z.enum(['cancelled', 'refunded', 'returned']),
    returnId: z.string().optional(),
    placeOfSupply: state,
    supplyType: z.enum(['intra-state', 'inter-state']),
    lines: z.array(documentLineSchema).min(1),
    totals: totalsSchema,
  }),
  DocumentNumberClaimed: z.object({
    series: z.enum(['invoice', 'credit-note']),
    financialYear: z.string(),
    number: z.number().int().min(1),
    documentNumber: z.string(),
    orderId: z.string(),
  }),
} as const;
registerEvents(taxDocumentEvents);

export type InvoiceIssued = z.infer<typeof taxDocumentEvents.InvoiceIssued>;
export type CreditNoteIssued = z.infer<typeof taxDocumentEvents.CreditNoteIssued>;
export type TaxDocumentEvent = { type: 'InvoiceIssued'; data: InvoiceIssued } | { type: 'CreditNoteIssued'; data: CreditNoteIssued };
export const TAX_DOCUMENT_EVENT_TYPES = ['InvoiceIssued', 'CreditNoteIssued'] as const;
