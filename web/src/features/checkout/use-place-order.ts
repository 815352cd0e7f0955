import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toaster';
import { COD_CONFIRM_DELAY_MS, ONLINE_CONFIRM_DELAY_MS, REDIRECT_DELAY_MS, sleep } from '../../lib/constants';
import type { User } from '../auth/types';
import { useCart } from '../cart/cart-provider';
import { createOrder, type CreateOrderPayload } from './api/create-order';
import { createPaymentOrder, verifyPayment, type PaymentOrder, type PaymentResult } from './api/payments';
import { updateOrderStatus } from './api/update-order-status';
import type { SimulatorRequest } from './components/payment-simulator-dialog';
import { isRealRazorpayKey, openRazorpay, PaymentCancelledError } from './razorpay';

export interface FinalAddress {
  name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

interface PendingSimulator {
  request: SimulatorRequest;
  resolve(result: PaymentResult): void;
  reject(error: Error): void;
}

/** The checkout flow of spec §4: create the order, then COD confirm or the payment window, then /orders. */
export function usePlaceOrder(user: User | null) {
  const { items, total, clearCart } = useCart();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [simulator, setSimulator] = useState<PendingSimulator | null>(null);

  const finish = () => {
    setPlaced(true);
    clearCart();
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    setTimeout(() => navigate('/orders'), REDIRECT_DELAY_MS);
  };

  const pay = (request: SimulatorRequest, paymentOrder: PaymentOrder) => {
    if (!paymentOrder.simulator && isRealRazorpayKey(paymentOrder.key_id ?? '')) return openRazorpay(paymentOrder, request.prefill, request.description);
    return new Promise<PaymentResult>((resolve, reject) => setSimulator({ request, resolve, reject }));
  };

  const place = async (address: FinalAddress, method: 'cod' | 'razorpay') => {
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
    };
    let orderId: string;
    let orderNumber = '';
    try {
      const answer = await createOrder(payload);
      if (!answer.order?.id) throw new Error('Failed to create order');
      orderId = answer.order.id;
      orderNumber = answer.order.orderNumber ?? answer.order.order_number ?? '';
    } catch (error) {
      toast({ title: 'Failed to create order', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      setBusy(false);
      return;
    }

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

    let result: PaymentResult;
    try {
      if (!orderId) throw new Error('Invalid order id');
      const paymentOrder = await createPaymentOrder(orderId, total).catch((error: Error) => {
        toast({ title: 'Failed to create payment order', description: error.message, variant: 'destructive' });
        throw null;
      });
      const request: SimulatorRequest = {
        razorpayOrderId: paymentOrder.order_id,
        amountRupees: total,
        prefill: { name: user.full_name, email: user.email, contact: address.phone || user.phone || '' },
        description: orderNumber ? `Order ${orderNumber}` : 'Anime Collectibles order',
      };
      result = await pay(request, paymentOrder);
    } catch (error) {
      setSimulator(null);
      setBusy(false);
      if (error === null) return;
      if (error instanceof PaymentCancelledError) toast({ title: 'Payment cancelled', description: 'Your order is kept for 30 minutes; you can pay again from checkout.', variant: 'destructive' });
      else toast({ title: 'Payment failed', description: error instanceof Error && error.message ? error.message : 'Payment was not completed', variant: 'destructive' });
      return;
    }
    setSimulator(null);
    try {
      await verifyPayment(result, orderId);
    } catch {
      toast({ title: 'Payment verification failed', description: 'Please contact support for assistance.', variant: 'destructive' });
      setBusy(false);
      return;
    }
    await sleep(ONLINE_CONFIRM_DELAY_MS);
    try {
      await updateOrderStatus(orderId, 'confirmed');
      toast({ title: 'Payment successful!', description: `Order ${orderNumber} is confirmed.`, variant: 'success' });
    } catch {
      toast({ title: 'Payment successful', description: 'Payment succeeded, but the order status update had an issue. We will confirm it shortly.' });
    }
    finish();
  };

  return { place, busy, placed, simulator };
}
