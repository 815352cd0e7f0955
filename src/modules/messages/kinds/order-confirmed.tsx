import type { InvoiceIssued } from '../../gst/index.js';
import { taxInvoice, taxInvoicePdf } from '../../gst/index.js';
import { defineMessageKind } from '../kind.js';
import { Action, MessageLayout, OrderLines, Paragraph, inr } from '../layout.js';
import { orderForMail } from './order-context.js';

/** Caused by the tax invoice (issued in the append that confirms the order): the invoice PDF goes with it. */
export const orderConfirmed = defineMessageKind({
  name: 'order-confirmed',
  label: 'Order confirmed',
  async compose(event, { runtime, link }) {
    const invoice = event.data as InvoiceIssued;
    const order = await orderForMail(runtime.store, invoice.orderId);
    if (!order) return null;
    const pdf = await taxInvoicePdf(taxInvoice(invoice));
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Your order ${order.orderNumber} is confirmed`,
      attachments: [{ filename: `Tax-Invoice-${invoice.invoiceNumber.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf', content: pdf }],
      body: (
        <MessageLayout preview={`Order ${order.orderNumber} confirmed: ${inr(order.totalPaise)}`} heading="Your order is confirmed" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>
            Your order {order.orderNumber} is confirmed and will be packed soon. Your GST tax invoice {invoice.invoiceNumber} is attached.
          </Paragraph>
          <OrderLines items={order.items} shippingPaise={order.shippingPaise} totalPaise={order.totalPaise} />
          <Action href={link('/orders')}>View your order</Action>
        </MessageLayout>
      ),
    };
  },
});
