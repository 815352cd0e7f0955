import { defineMessageKind } from '../kind.js';
import { Action, MessageLayout, OrderLines, Paragraph, indianDate, inr } from '../layout.js';
import { orderForMail, orderIdOf } from './order-context.js';

interface StatusChange {
  orderId: string;
  trackingNumber?: string;
  estimatedDelivery?: string;
  /** The courier's name, when the shipping feature records it. */
  courier?: string;
}

export const orderShipped = defineMessageKind({
  name: 'order-shipped',
  label: 'Order shipped',
  async compose(event, { runtime, link }) {
    const change = event.data as StatusChange;
    const order = await orderForMail(runtime.store, change.orderId);
    if (!order) return null;
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Your order ${order.orderNumber} has shipped`,
      body: (
        <MessageLayout preview={`Order ${order.orderNumber} is on its way`} heading="Your order is on its way" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>Your order {order.orderNumber} has shipped.</Paragraph>
          {change.courier ? <Paragraph>Courier: {change.courier}</Paragraph> : null}
          {change.trackingNumber ? <Paragraph>Tracking number: {change.trackingNumber}</Paragraph> : null}
          {change.estimatedDelivery ? <Paragraph>Expected by {indianDate(change.estimatedDelivery)}</Paragraph> : null}
          <Action href={link('/orders')}>Track your order</Action>
        </MessageLayout>
      ),
    };
  },
});

export const orderDelivered = defineMessageKind({
  name: 'order-delivered',
  label: 'Order delivered',
  async compose(event, { runtime, link }) {
    const order = await orderForMail(runtime.store, orderIdOf(event.data));
    if (!order) return null;
    const first = order.items[0]!;
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Your order ${order.orderNumber} was delivered — tell us what you think`,
      body: (
        <MessageLayout preview={`How is your ${first.name}?`} heading="Your order was delivered" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>Your order {order.orderNumber} was delivered. We hope you love it! A review helps other fans choose:</Paragraph>
          {order.items.map((item) => (
            <Paragraph key={item.productId}>
              {item.name}: <a href={link(`/product/${encodeURIComponent(item.productId)}#reviews`)}>write a review</a>
            </Paragraph>
          ))}
          <Action href={link(`/product/${encodeURIComponent(first.productId)}#reviews`)}>Write a review</Action>
        </MessageLayout>
      ),
    };
  },
});

export const orderCancelled = defineMessageKind({
  name: 'order-cancelled',
  label: 'Order cancelled',
  async compose(event, { runtime, link }) {
    const order = await orderForMail(runtime.store, orderIdOf(event.data));
    if (!order) return null;
    const paid = order.paymentMethod === 'razorpay';
    // An admin who cancels with a reason (releasing a cash-on-delivery hold) has it told to the shopper.
    const reason = (event.data as { reason?: string }).reason;
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Your order ${order.orderNumber} was cancelled`,
      body: (
        <MessageLayout preview={`Order ${order.orderNumber} cancelled`} heading="Your order was cancelled" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>
            Your order {order.orderNumber} ({inr(order.totalPaise)}) was cancelled.
            {paid ? ' If you had paid for it, the refund is on its way: we will write again when it is made.' : ''}
          </Paragraph>
          {reason ? <Paragraph>Reason: {reason}</Paragraph> : null}
          <OrderLines items={order.items} totalPaise={order.totalPaise} />
          <Action href={link('/orders')}>View your orders</Action>
        </MessageLayout>
      ),
    };
  },
});

export const orderRefunded = defineMessageKind({
  name: 'order-refunded',
  label: 'Refund made',
  async compose(event, { runtime, link }) {
    const refund = event.data as { orderId: string; amountPaise: number; refundId?: string };
    const order = await orderForMail(runtime.store, refund.orderId);
    if (!order) return null;
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Refund of ${inr(refund.amountPaise)} for your order ${order.orderNumber}`,
      body: (
        <MessageLayout preview={`${inr(refund.amountPaise)} refunded`} heading="Your refund is on its way" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>
            We have refunded {inr(refund.amountPaise)} for your order {order.orderNumber} to your original payment method. Banks usually take 5–7 working days
            to show it.
          </Paragraph>
          {refund.refundId ? <Paragraph>Refund reference: {refund.refundId}</Paragraph> : null}
          <Action href={link('/orders')}>View your orders</Action>
        </MessageLayout>
      ),
    };
  },
});

/** A cash-on-delivery return refunded to the shopper's UPI id: the payout has been sent. */
export const upiRefundPaid = defineMessageKind({
  name: 'upi-refund-paid',
  label: 'UPI refund sent',
  async compose(event, { runtime, link }) {
    const payout = event.data as { orderId: string; amountPaise: number; payoutId: string };
    const order = await orderForMail(runtime.store, payout.orderId);
    if (!order) return null;
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `Refund of ${inr(payout.amountPaise)} for your order ${order.orderNumber} sent to your UPI ID`,
      body: (
        <MessageLayout preview={`${inr(payout.amountPaise)} sent to your UPI ID`} heading="Your refund has been sent" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>
            We have sent {inr(payout.amountPaise)} for the items you returned from your order {order.orderNumber} to the UPI ID you gave us. It usually reaches
            your bank account within a few minutes.
          </Paragraph>
          <Paragraph>Payout reference: {payout.payoutId}</Paragraph>
          <Action href={link('/orders')}>View your orders</Action>
        </MessageLayout>
      ),
    };
  },
});
