import { defineMessageKind } from '../kind.js';
import { Action, MessageLayout, Paragraph, inr } from '../layout.js';
import { orderForMail, orderIdOf } from './order-context.js';

/** A failed online payment: the order waits for payment, Pay now opens it again. */
export const paymentFailed = defineMessageKind({
  name: 'payment-failed',
  label: 'Payment failed',
  async compose(event, { runtime, link }) {
    const order = await orderForMail(runtime.store, orderIdOf(event.data));
    // Paid since (a retry went through) or no longer payable: nothing to ask for.
    if (!order || order.paymentMethod !== 'razorpay' || order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') return null;
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Payment for your order ${order.orderNumber} did not go through`,
      body: (
        <MessageLayout
          preview={`Pay ${inr(order.totalPaise)} to complete order ${order.orderNumber}`}
          heading="Your payment did not go through"
          shopUrl={link('/')}
        >
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>
            The payment of {inr(order.totalPaise)} for your order {order.orderNumber} did not go through, and no money was taken. Your order is kept for 30
            minutes from when you placed it: you can pay again from your orders.
          </Paragraph>
          <Action href={link('/orders')}>Pay now</Action>
        </MessageLayout>
      ),
    };
  },
});

/** An unpaid online order whose 30 minutes ran out. */
export const paymentExpired = defineMessageKind({
  name: 'payment-expired',
  label: 'Payment expired',
  async compose(event, { runtime, link }) {
    const order = await orderForMail(runtime.store, orderIdOf(event.data));
    if (!order) return null;
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Your order ${order.orderNumber} was not paid in time`,
      body: (
        <MessageLayout preview={`Order ${order.orderNumber} expired unpaid`} heading="Your order was not paid in time" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>
            We did not receive the payment of {inr(order.totalPaise)} for your order {order.orderNumber} within 30 minutes, so its items went back on sale. If
            you still want them, you can order them again.
          </Paragraph>
          <Action href={link('/orders')}>Pay now</Action>
        </MessageLayout>
      ),
    };
  },
});
