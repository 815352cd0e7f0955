import { rupeesInWords } from './amount-in-words.js';
import type { CreditNoteIssued, DocumentLine, InvoiceIssued } from './documents.js';
import type { GstSettings } from '../settings.js';
import { stateOfAddress } from '../states.js';
import { lineTax, supplyTypeOf, totalsOf } from '../tax.js';

/** What an invoice needs of the order (the OrderPlaced event's data). */
export interface InvoicedOrder {
  orderId: string;
  orderNumber: string;
  /** The buyer: the recipient's fields are their personal data. */
  customerId?: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: 'razorpay' | 'cod';
  shippingPaise: number;
  items: { lineNo: number; productId: string; name: string; category: string; unitPricePaise: number; quantity: number; discountPaise?: number }[];
  shippingAddress: { name: string; address: string; addressLine2: string; city: string; state: string; pincode: string; phone: string };
}

export interface Classification {
  hsn: string;
  rate: number;
}

/**
 * The invoice of an order at `issuedAt` (pure: the number, the products' classification and the settings come in).
 * Place of supply: the delivery address's state; an address whose state cannot be told is taken as the seller's
 * state (the location of the supplier, IGST Act s.10(1)(a) read with the proviso for unknown addresses).
 */
export function buildInvoiceIssued(input: {
  order: InvoicedOrder;
  invoiceNumber: string;
  financialYear: string;
  issuedAt: string;
  settings: GstSettings;
  classify: (item: InvoicedOrder['items'][number]) => Classification;
}): InvoiceIssued {
  const { order, settings } = input;
  const a = order.shippingAddress;
  const placeOfSupply = stateOfAddress(a) ?? settings.seller.state;
  const supplyType = supplyTypeOf(settings.seller.state.code, placeOfSupply.code);
  const lines: DocumentLine[] = order.items.map((item, i) => {
    const { hsn, rate } = input.classify(item);
    // A discount shown on the invoice comes off the line's GST-inclusive amount; the tax is what remains contains.
    const discountPaise = Math.min(item.discountPaise ?? 0, item.unitPricePaise * item.quantity);
    const grossPaise = item.unitPricePaise * item.quantity - discountPaise;
    return {
      lineNo: i + 1,
      kind: 'goods',
      productId: item.productId,
      description: item.name,
      hsn,
      quantity: item.quantity,
      unit: 'NOS',
      unitPricePaise: item.unitPricePaise,
      grossPaise,
      ...(discountPaise > 0 ? { discountPaise } : {}),
      rate,
      ...lineTax({ grossPaise, rate }, supplyType),
    };
  });
  if (order.shippingPaise > 0) {
    const { sac, rate } = settings.shipping;
    const grossPaise = order.shippingPaise;
    lines.push({
      lineNo: lines.length + 1,
      kind: 'shipping',
      productId: null,
      description: 'Shipping and handling',
      hsn: sac,
      quantity: 1,
      unit: 'NA',
      unitPricePaise: grossPaise,
      grossPaise,
      rate,
      ...lineTax({ grossPaise, rate }, supplyType),
    });
  }
  const totals = totalsOf(lines);
  return {
    invoiceNumber: input.invoiceNumber,
    financialYear: input.financialYear,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    ...(order.customerId ? { customerId: order.customerId } : {}),
    issuedAt: input.issuedAt,
    seller: { legalName: settings.seller.legalName, address: settings.seller.address, gstin: settings.seller.gstin, state: settings.seller.state },
    recipient: {
      name: a.name || order.customerName,
      email: order.customerEmail,
      address: a.address,
      addressLine2: a.addressLine2,
      city: a.city,
      pincode: a.pincode,
      phone: a.phone,
      state: placeOfSupply,
    },
    placeOfSupply,
    supplyType,
    reverseCharge: false,
    paymentMethod: order.paymentMethod,
    lines,
    totals,
    amountInWords: rupeesInWords(totals.totalPaise),
  };
}

/** A credit note reversing the whole invoice (the store cancels and refunds whole orders). */
export function buildCreditNote(input: {
  invoice: InvoiceIssued;
  creditNoteNumber: string;
  financialYear: string;
  issuedAt: string;
  reason: 'cancelled' | 'refunded';
}): CreditNoteIssued {
  const { invoice } = input;
  return {
    creditNoteNumber: input.creditNoteNumber,
    financialYear: input.financialYear,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.issuedAt,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    issuedAt: input.issuedAt,
    reason: input.reason,
    placeOfSupply: invoice.placeOfSupply,
    supplyType: invoice.supplyType,
    lines: invoice.lines,
    totals: invoice.totals,
  };
}

/**
 * A credit note for returned units of an invoice: each returned line at the units' quantity and what was paid for
 * them (`grossPaise`, GST included), its tax worked out as the invoice's line was; shipping is not credited.
 */
export function buildReturnCreditNote(input: {
  invoice: InvoiceIssued;
  creditNoteNumber: string;
  financialYear: string;
  issuedAt: string;
  returnId: string;
  lines: { productId: string; quantity: number; grossPaise: number }[];
}): CreditNoteIssued {
  const { invoice } = input;
  const lines: DocumentLine[] = input.lines.map((returned, i) => {
    const line = invoice.lines.find((l) => l.kind === 'goods' && l.productId === returned.productId);
    if (!line) throw new Error(`invoice ${invoice.invoiceNumber} has no line for ${returned.productId}`);
    const listPaise = line.unitPricePaise * returned.quantity;
    const discountPaise = Math.max(0, listPaise - returned.grossPaise);
    const { discountPaise: _invoiceShare, ...rest } = line;
    return {
      ...rest,
      lineNo: i + 1,
      quantity: returned.quantity,
      grossPaise: returned.grossPaise,
      ...(discountPaise > 0 ? { discountPaise } : {}),
      ...lineTax({ grossPaise: returned.grossPaise, rate: line.rate }, invoice.supplyType),
    };
  });
  return {
    creditNoteNumber: input.creditNoteNumber,
    financialYear: input.financialYear,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.issuedAt,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    issuedAt: input.issuedAt,
    reason: 'returned',
    returnId: input.returnId,
    placeOfSupply: invoice.placeOfSupply,
    supplyType: invoice.supplyType,
    lines,
    totals: totalsOf(lines),
  };
}
