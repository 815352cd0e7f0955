import { refreshQueries } from '@kit/query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@kit/ui/toast';
import { COD_CONFIRM_DELAY_MS, REDIRECT_DELAY_MS, sleep } from '../../lib/constants';
import type { User } from '../../lib/auth/types';
import { useCart } from '../../lib/cart/cart-provider';
import { createOrder, type CreateOrderPayload, type CreatedOrder } from './api/create-order';
import { updateOrderStatus } from './api/update-order-status';
import { checkoutFor, forgetPendingCheckout, rememberCheckoutOrder } from './pending-checkout';
import { usePaymentWindow } from './use-payment-window';
import { orderKeys, productKeys } from '../../lib/query-keys';

export interface FinalAddress {
  name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * The checkout flow: create the order, then COD confirm or the payment window, then /orders. One checkout
 * is one order (see docs/decisions/0004-sessions-and-retries.md): the same cart, address and method send the same checkout id, so paying again after a
 * dismissed or failed window pays the order already placed.
 */
export function usePlaceOrder(user: User | null) {
  const { items, total, clearCart } = useCart();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  const { payOrder, simulator } = usePaymentWindow();

  const finish = () => {
    forgetPendingCheckout();
    setPlaced(true);
    clearCart();
    void refreshQueries(queryClient, { queryKey: orderKeys.all });
    void refreshQueries(queryClient, { queryKey: productKeys.all });
    setTimeout(() => navigate('/orders'), REDIRECT_DELAY_MS);
  };

  const place = async (address: FinalAddress, method: 'cod' | 'razorpay', couponCode?: string) => {
    if (!user || busy) return;
    setBusy(true);
    const payload: CreateOrderPayload = {
      items: items.map((i) => ({ productId: i.id, name: i.name, price: i.price, quantity: i.quantity, image: i.image, category: i.category })),
      total_amount: total,
      shipping_address: address.address,
      shipping_city: address.city,
      shipping_state: address.state,
      shipping_pincode: address.pincode,
      shipping_phone: address.phone,
      shipping_name: address.name || user.full_name,
      payment_method: method,
      ...(couponCode ? { coupon_code: couponCode } : {}),
    };
    const key = JSON.stringify({ items: payload.items.map((i) => [i.productId, i.quantity]), address, method, couponCode });
    let checkout = checkoutFor(user.id, key);
    let order: CreatedOrder;
    try {
      order = (await createOrder({ ...payload, checkout_id: checkout.checkoutId })).order;
      // The checkout's order expired (or was cancelled) while the shopper was away: this is a new checkout.
      if (order?.status === 'cancelled') {
        forgetPendingCheckout();
        checkout = checkoutFor(user.id, key);
        order = (await createOrder({ ...payload, checkout_id: checkout.checkoutId })).order;
      }
      if (!order?.id) throw new Error('Failed to create order');
      rememberCheckoutOrder(checkout, order.id);
    } catch (error) {
      toast({ title: 'Failed to create order', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      setBusy(false);
      return;
    }
    const orderId = order.id;
    const orderNumber = order.orderNumber ?? '';

    if (method === 'cod') {
      await sleep(COD_CONFIRM_DELAY_MS);
      try {
        await updateOrderStatus(orderId, 'confirmed');
      } catch (error) {
        console.warn('Order confirmation failed; the order stays placed', error);
      }
      toast({ title: 'Order placed successfully!', description: `Order ${orderNumber} will be paid on delivery.`, variant: 'success' });
      finish();
      return;
    }

    if (order.paymentStatus === 'completed') {
      // Paid already (the provider's webhook arrived before this retry): nothing left to pay.
      await updateOrderStatus(orderId, 'confirmed').catch(() => undefined);
      toast({ title: 'Payment successful!', description: `Order ${orderNumber} is confirmed.`, variant: 'success' });
      finish();
      return;
    }
    const outcome = await payOrder({
      id: orderId,
      orderNumber,
      totalAmount: order.totalAmount ?? total,
      prefill: { name: user.full_name, email: user.email, contact: address.phone || user.phone || '' },
    });
    if (outcome === 'paid') finish();
    else setBusy(false);
  };

  return { place, busy, placed, simulator };
}
