import type { CreditNoteIssued, InvoiceIssued } from './documents.js';
import { istDate } from '../../../shared/financial-year.js';

const rupees = (paise: number): number => Number((paise / 100).toFixed(2));

/** DD-MM-YYYY in IST, as invoices in India print dates. */
export const invoiceDate = (at: string) => istDate(at).split('-').reverse().join('-');

/**
 * The tax invoice as JSON, built from the InvoiceIssued event (and the credit notes against it) alone: keeps the
 * spec's invoice fields (orderNumber, date, customer.name, items[name, quantity, price, total],
 * summary{subtotal, shipping, tax, total}) and adds every Rule 46 field. Pure: the same events give the same bytes.
 */
export function taxInvoice(invoice: InvoiceIssued, creditNotes: CreditNoteIssued[] = []) {
  const goods = invoice.lines.filter((l) => l.kind === 'goods');
  const shipping = invoice.lines.filter((l) => l.kind === 'shipping').reduce((s, l) => s + l.grossPaise, 0);
  const discount = goods.reduce((s, l) => s + (l.discountPaise ?? 0), 0);
  const r = invoice.recipient;
  return {
    title: 'Tax Invoice' as const,
    copy: 'Original for Recipient',
    orderNumber: invoice.orderNumber,
    orderId: invoice.orderId,
    date: invoice.issuedAt,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoiceDate(invoice.issuedAt),
    financialYear: invoice.financialYear,
    customer: { name: r.name, email: r.email },
    shippingAddress: { name: r.name, address: r.address, addressLine2: r.addressLine2, city: r.city, state: r.state.name, pincode: r.pincode, phone: r.phone },
    paymentMethod: invoice.paymentMethod,
    items: goods.map((l) => ({
      name: l.description,
      quantity: l.quantity,
      price: rupees(l.unitPricePaise),
      discount: rupees(l.discountPaise ?? 0),
      total: rupees(l.grossPaise),
    })),
    summary: {
      /** The goods after their discounts (what was paid for them): subtotal + shipping = total. */
      subtotal: rupees(goods.reduce((s, l) => s + l.grossPaise, 0)),
      discount: rupees(discount),
      shipping: rupees(shipping),
      tax: rupees(invoice.totals.taxPaise),
      total: rupees(invoice.totals.totalPaise),
    },
    seller: invoice.seller,
    recipient: { name: r.name, address: r.address, addressLine2: r.addressLine2, city: r.city, pincode: r.pincode, state: r.state },
    placeOfSupply: invoice.placeOfSupply,
    supplyType: invoice.supplyType,
    reverseCharge: 'No' as const,
    lines: invoice.lines.map((l) => ({
      lineNo: l.lineNo,
      description: l.description,
      hsn: l.hsn,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: rupees(l.unitPricePaise),
      /** Unit price × quantity, GST included, before the discount. */
      value: rupees(l.unitPricePaise * l.quantity),
      discount: rupees(l.discountPaise ?? 0),
      taxableValue: rupees(l.taxablePaise),
      rate: l.rate,
      cgstRate: invoice.supplyType === 'intra-state' ? l.rate / 2 : 0,
      cgst: rupees(l.cgstPaise),
      sgstRate: invoice.supplyType === 'intra-state' ? l.rate / 2 : 0,
      sgst: rupees(l.sgstPaise),
      igstRate: invoice.supplyType === 'inter-state' ? l.rate : 0,
      igst: rupees(l.igstPaise),
      total: rupees(l.grossPaise),
    })),
    totals: {
      taxableValue: rupees(invoice.totals.taxablePaise),
      cgst: rupees(invoice.totals.cgstPaise),
      sgst: rupees(invoice.totals.sgstPaise),
      igst: rupees(invoice.totals.igstPaise),
      tax: rupees(invoice.totals.taxPaise),
      total: rupees(invoice.totals.totalPaise),
    },
    amountInWords: invoice.amountInWords,
    signature: { for: invoice.seller.legalName, label: 'Authorised Signatory' },
    creditNotes: creditNotes.map((c) => ({
      creditNoteNumber: c.creditNoteNumber,
      date: invoiceDate(c.issuedAt),
      reason: c.reason,
      total: rupees(c.totals.totalPaise),
      tax: rupees(c.totals.taxPaise),
    })),
  };
}
export type TaxInvoice = ReturnType<typeof taxInvoice>;
