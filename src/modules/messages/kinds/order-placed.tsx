import { defineMessageKind } from '../kind.js';
import { Action, MessageLayout, OrderLines, Paragraph, inr } from '../layout.js';
import { orderForMail, orderIdOf } from './order-context.js';

export const orderPlaced = defineMessageKind({
  name: 'order-placed',
  label: 'Order placed',
  async compose(event, { runtime, link }) {
    const order = await orderForMail(runtime.store, orderIdOf(event.data));
    if (!order) return null;
    const cod = order.paymentMethod === 'cod';
    return {
      to: { email: order.customerEmail, name: order.customerName },
      customerId: order.customerId,
      subject: `We have received your order ${order.orderNumber}`,
      body: (
        <MessageLayout preview={`Order ${order.orderNumber}: ${inr(order.totalPaise)}`} heading="Thank you for your order" shopUrl={link('/')}>
          <Paragraph>Hi {order.customerName},</Paragraph>
          <Paragraph>
            We have received your order {order.orderNumber}.{' '}
            {cod ? 'You will pay in cash on delivery.' : 'We will confirm it as soon as your payment is through.'}
          </Paragraph>
          <OrderLines items={order.items} shippingPaise={order.shippingPaise} totalPaise={order.totalPaise} />
          <Action href={link('/orders')}>View your order</Action>
        </MessageLayout>
      ),
    };
  },
});
