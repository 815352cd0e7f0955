import { api } from '@kit/api';

export interface PaymentOrder {
  order_id: string;
  amount: number;
  currency: string;
  key_id: string;
  /** Set by our server in local mode (its simulator key may look like a Razorpay test key). */
  simulator?: boolean;
}

export interface PaymentResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export const createPaymentOrder = (orderId: string, amount: number) =>
  api.post<PaymentOrder & { success: boolean }>('/razorpay/create-order', { amount, currency: 'INR', orderId });

export async function verifyPayment(result: PaymentResult, orderId: string): Promise<void> {
  try {
    const data = await api.post<{ success: boolean; verified?: boolean }>('/razorpay/verify-payment', { ...result, orderId });
    if (data.verified === false) throw new Error('Payment verification failed');
  } catch {
    throw new Error('Payment verification failed');
  }
}

/** Local mode: the simulator plays the provider and signs the payment like Razorpay test mode. */
export const simulatePayment = (razorpayOrderId: string, outcome: 'success' | 'failure') =>
  api.post<PaymentResult & { success: boolean }>('/payments/simulator/pay', { razorpay_order_id: razorpayOrderId, outcome });
