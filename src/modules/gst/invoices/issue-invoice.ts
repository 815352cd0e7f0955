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

/** The amounts of a document line a credit note credits, head by head. */
const AMOUNTS = ['quantity', 'grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;
/** Which invoice line a credit note's line credits: goods by product, the shipping line by its kind. */
const lineKey = (line: DocumentLine) => (line.kind === 'shipping' ? 'shipping' : `goods|${line.productId}`);

/**
 * What of an invoice is still in force after the credit notes issued against it: each line less what they credited of
 * it, quantity, value, discount and every tax head apart, to the paisa (docs/decisions/0017-returns.md). Lines
 * credited in full are left out; no credit notes: the invoice's lines as they are.
 */
export function linesInForce(invoice: InvoiceIssued, creditNotes: CreditNoteIssued[]): DocumentLine[] {
  if (creditNotes.length === 0) return invoice.lines;
  const credited = new Map<string, DocumentLine[]>();
  for (const note of creditNotes) for (const l of note.lines) credited.set(lineKey(l), [...(credited.get(lineKey(l)) ?? []), l]);
  const lines: DocumentLine[] = [];
  for (const line of invoice.lines) {
    const against = credited.get(lineKey(line)) ?? [];
    if (against.length === 0) {
      lines.push(line);
      continue;
    }
    const left = { ...line };
    for (const head of AMOUNTS) left[head] = line[head] - against.reduce((s, l) => s + l[head], 0);
    const discountPaise = (line.discountPaise ?? 0) - against.reduce((s, l) => s + (l.discountPaise ?? 0), 0);
    delete left.discountPaise;
    if (discountPaise > 0) left.discountPaise = discountPaise;
    if (AMOUNTS.some((head) => left[head] !== 0)) lines.push(left);
  }
  return lines;
}

/**
 * The tax of `grossPaise` (GST included) of a line in force, worked out as the invoice's line was, then kept within
 * what the line still has of each head: a return credited unit by unit rounds every part, and the parts must never
 * add up to more than the invoice charged. Crediting all that is left of the line credits every head exactly.
 */
function taxWithin(grossPaise: number, inForce: DocumentLine, supplyType: InvoiceIssued['supplyType']) {
  const ideal = lineTax({ grossPaise, rate: inForce.rate }, supplyType);
  const taxLeft = inForce.cgstPaise + inForce.sgstPaise + inForce.igstPaise;
  const taxablePaise = Math.max(grossPaise - taxLeft, Math.min(ideal.taxablePaise, inForce.taxablePaise));
  const tax = grossPaise - taxablePaise;
  if (supplyType === 'inter-state') return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.max(tax - inForce.sgstPaise, Math.min(ideal.cgstPaise, inForce.cgstPaise));
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/**
 * A credit note reversing what is still in force of the invoice (an order cancelled or refunded): all of it, or, after
 * returns were credited, the rest. Null when nothing is left in force (every line already credited).
 */
export function buildCreditNote(input: {
  invoice: InvoiceIssued;
  creditNotes: CreditNoteIssued[];
  creditNoteNumber: string;
  financialYear: string;
  issuedAt: string;
  reason: 'cancelled' | 'refunded';
}): CreditNoteIssued | null {
  const { invoice } = input;
  const lines = linesInForce(invoice, input.creditNotes);
  if (lines.length === 0) return null;
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
    lines,
    totals: totalsOf(lines),
  };
}

/**
 * A credit note for returned units of an invoice: each returned line at the units' quantity and what was paid for
 * them (`grossPaise`, GST included), its tax worked out as the invoice's line was and kept within what the line still
 * has in force (the last units of a line credit exactly what is left of it); shipping is not credited.
 */
export function buildReturnCreditNote(input: {
  invoice: InvoiceIssued;
  creditNotes: CreditNoteIssued[];
  creditNoteNumber: string;
  financialYear: string;
  issuedAt: string;
  returnId: string;
  lines: { productId: string; quantity: number; grossPaise: number }[];
}): CreditNoteIssued {
  const { invoice } = input;
  const inForce = linesInForce(invoice, input.creditNotes);
  const lines: DocumentLine[] = input.lines.map((returned, i) => {
    const line = inForce.find((l) => l.kind === 'goods' && l.productId === returned.productId);
    if (!line) throw new Error(`invoice ${invoice.invoiceNumber} has nothing in force for ${returned.productId}`);
    const { discountPaise: _inForceShare, ...rest } = line;
    // The line's last units: all that is left of it, so that its credit notes add up to it exactly.
    if (returned.quantity >= line.quantity) return { ...line, lineNo: i + 1 };
    const grossPaise = Math.min(returned.grossPaise, line.grossPaise);
    const discountPaise = Math.max(0, line.unitPricePaise * returned.quantity - grossPaise);
    return {
      ...rest,
      lineNo: i + 1,
      quantity: returned.quantity,
      grossPaise,
      ...(discountPaise > 0 ? { discountPaise } : {}),
      ...taxWithin(grossPaise, line, invoice.supplyType),
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
