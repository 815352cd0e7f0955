import { refreshQueries } from '@kit/query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@kit/ui/toast';
import { ONLINE_CONFIRM_DELAY_MS, sleep } from '../../lib/constants';
import { createPaymentOrder, verifyPayment, type PaymentOrder, type PaymentResult } from './api/payments';
import { updateOrderStatus } from './api/update-order-status';
import type { SimulatorRequest } from './components/payment-simulator-dialog';
import { isRealRazorpayKey, openRazorpay, PaymentCancelledError } from './razorpay';
import { orderKeys } from '../../lib/query-keys';

export interface PendingSimulator {
  request: SimulatorRequest;
  resolve(result: PaymentResult): void;
  reject(error: Error): void;
}

export interface PayableOrder {
  id: string;
  orderNumber: string;
  totalAmount: number;
  prefill: { name: string; email: string; contact: string };
}

export type PaymentOutcome = 'paid' | 'cancelled' | 'failed';

/**
 * Pays one order, from checkout or from My Orders' Pay now: opens a payment window for that order (the server reuses
 * its provider order), verifies the signed result and confirms the order. A dismissed or failed window leaves the
 * order pending, to be paid again until it expires.
 */
export function usePaymentWindow() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [simulator, setSimulator] = useState<PendingSimulator | null>(null);

  const open = (request: SimulatorRequest, paymentOrder: PaymentOrder) => {
    if (!paymentOrder.simulator && isRealRazorpayKey(paymentOrder.key_id ?? '')) return openRazorpay(paymentOrder, request.prefill, request.description);
    return new Promise<PaymentResult>((resolve, reject) => setSimulator({ request, resolve, reject }));
  };

  const payOrder = async (order: PayableOrder): Promise<PaymentOutcome> => {
    let result: PaymentResult;
    try {
      const paymentOrder = await createPaymentOrder(order.id, order.totalAmount).catch((error: Error) => {
        toast({ title: 'Failed to create payment order', description: error.message, variant: 'destructive' });
        throw null;
      });
      const request: SimulatorRequest = {
        razorpayOrderId: paymentOrder.order_id,
        amountRupees: order.totalAmount,
        prefill: order.prefill,
        description: order.orderNumber ? `Order ${order.orderNumber}` : 'Anime Collectibles order',
      };
      result = await open(request, paymentOrder);
    } catch (error) {
      setSimulator(null);
      void refreshQueries(queryClient, { queryKey: orderKeys.all });
      if (error === null) return 'failed';
      if (error instanceof PaymentCancelledError) {
        toast({
          title: 'Payment cancelled',
          description: 'Your order is kept for 30 minutes: pay again from checkout or with Pay now in My Orders.',
          variant: 'destructive',
        });
        return 'cancelled';
      }
      toast({
        title: 'Payment failed',
        description: error instanceof Error && error.message ? error.message : 'Payment was not completed',
        variant: 'destructive',
      });
      return 'failed';
    }
    setSimulator(null);
    try {
      await verifyPayment(result, order.id);
    } catch {
      toast({ title: 'Payment verification failed', description: 'Please contact support for assistance.', variant: 'destructive' });
      return 'failed';
    }
    await sleep(ONLINE_CONFIRM_DELAY_MS);
    try {
      await updateOrderStatus(order.id, 'confirmed');
      toast({ title: 'Payment successful!', description: `Order ${order.orderNumber} is confirmed.`, variant: 'success' });
    } catch {
      toast({ title: 'Payment successful', description: 'Payment succeeded, but the order status update had an issue. We will confirm it shortly.' });
    }
    void refreshQueries(queryClient, { queryKey: orderKeys.all });
    return 'paid';
  };

  return { payOrder, simulator };
}
