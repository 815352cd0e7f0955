import type { PaymentOrder, PaymentResult } from './api/payments';

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** The provider's script is loaded on demand, once. */
export function loadRazorpayScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('Failed to load the payment window'));
    };
    document.body.appendChild(script);
  });
  return loading;
}

export class PaymentCancelledError extends Error {
  constructor() {
    super('Payment cancelled');
  }
}

export class PaymentFailedError extends Error {}

export const isRealRazorpayKey = (keyId: string) => keyId.startsWith('rzp_');

/** Opens Razorpay Checkout with the spec's options; resolves with the signed result. */
export async function openRazorpay(
  order: PaymentOrder,
  prefill: { name: string; email: string; contact: string },
  description: string,
): Promise<PaymentResult> {
  await loadRazorpayScript();
  return new Promise((resolve, reject) => {
    const checkout = new window.Razorpay!({
      key: order.key_id,
      amount: order.amount,
      currency: 'INR',
      name: 'Anime Collectibles',
      description,
      order_id: order.order_id,
      prefill,
      theme: { color: '#d7263d' },
      payment_capture: 1,
      handler: (response: PaymentResult) => resolve(response),
      modal: { ondismiss: () => reject(new PaymentCancelledError()) },
    });
    checkout.on('payment.failed', (response) => reject(new PaymentFailedError(response.error?.description || 'Payment was not completed')));
    checkout.open();
  });
}
