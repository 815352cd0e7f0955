import type { EventStore } from '../../core/event-store.js';
import { gstContainedInOrder, invoiceMoney, renderInvoicePdf } from '../gst/index.js';
import { orderStream, type OrderEvent } from './order.js';
import { toPaise, toRupees } from './pricing.js';
import type { OrderDto } from './queries.js';

/**
 * The spec's invoice shape for an order without a tax invoice yet. `summary.tax` is the GST contained in the
 * (GST-inclusive) total with each line at its own rate — goods at their HSN rate, shipping at its SAC rate — the same
 * figure the order's tax invoice shows once it is issued (`taxPaise`, from invoiceSummaryOf).
 */
export function buildInvoice(order: OrderDto, taxPaise: number) {
  return {
    orderNumber: order.orderNumber,
    orderId: order.id,
    date: order.created_at,
    customer: { name: order.shippingAddress.name || order.customer_name, email: order.customer_email },
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    // A coupon's discount comes off each line it applies to: a line's total and the subtotal are what is paid for them.
    items: order.items.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      price: i.price,
      discount: i.discount,
      total: toRupees(toPaise(i.price) * i.quantity - toPaise(i.discount)),
    })),
    summary: {
      subtotal: toRupees(toPaise(order.subtotal) - toPaise(order.discount)),
      discount: order.discount,
      shipping: order.shipping,
      tax: toRupees(taxPaise),
      total: order.totalAmount,
    },
  };
}
export type Invoice = ReturnType<typeof buildInvoice>;

/** The invoice summary of an order, its GST worked out per line from the order as placed. */
export async function invoiceSummaryOf(store: EventStore, order: OrderDto): Promise<Invoice> {
  const placed = (await store.readStream(orderStream(order.id))).find((e) => e.type === 'OrderPlaced') as unknown as
    Extract<OrderEvent, { type: 'OrderPlaced' }> | undefined;
  const taxPaise = placed ? await gstContainedInOrder(store, placed.data, placed.data.at) : 0;
  return buildInvoice(order, taxPaise);
}

export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  return renderInvoicePdf({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.orderNumber}` } }, (doc, fit) => {
    doc.font('regular');
    doc.fontSize(20).text('Anime Collectibles', { continued: false }).moveDown(0.3);
    doc.fontSize(14).text(`Tax Invoice ${invoice.orderNumber}`);
    doc.fontSize(10).text(`Date: ${new Date(invoice.date).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })}`);
    doc.moveDown();
    const a = invoice.shippingAddress;
    const billTo = `Bill to: ${invoice.customer.name}`;
    fit(billTo).text(billTo);
    const address = [a.address, a.addressLine2, `${a.city}, ${a.state} ${a.pincode}`, a.phone].filter(Boolean).join('\n');
    fit(address).text(address);
    doc.moveDown();
    const top = doc.y;
    doc.font('bold').text('Item', 50, top).text('Qty', 330, top).text('Price', 380, top).text('Total', 470, top);
    for (const item of invoice.items) {
      const y = doc.y + 4;
      fit(item.name).text(item.name, 50, y, { width: 270 });
      const after = doc.y;
      doc.font('regular').text(String(item.quantity), 330, y).text(invoiceMoney(item.price), 380, y).text(invoiceMoney(item.total), 470, y);
      doc.y = Math.max(after, doc.y);
    }
    doc.moveDown();
    const s = invoice.summary;
    for (const [label, value] of [
      ...(s.discount > 0 ? ([['Coupon discount (included above)', s.discount]] as const) : []),
      ['Subtotal', s.subtotal],
      ['Shipping', s.shipping],
      ['GST included', s.tax],
      ['Total', s.total],
    ] as const) {
      doc.text(`${label}: ${invoiceMoney(value)}`, 50, doc.y, { align: 'right' });
    }
    doc.moveDown().text(`Payment: ${invoice.paymentMethod === 'cod' ? 'Cash on Delivery' : 'Online'} (${invoice.paymentStatus})`, 50);
  });
}
