import type { Subscription } from '../../core/event-store.js';
import type { ModuleDeps, StoreModule } from '../module.js';
import { paymentsApi } from './api.js';
import './events.js';
import { createPaymentProvider } from './provider.js';
import { startRefunds } from './refunds.js';

export { paymentSignature, webhookSignature } from './signature.js';
export { SIMULATOR_KEY_ID } from './provider.js';
export { paymentEvents, refundEvents, type PaymentEvent, type RefundEvent } from './events.js';

export const startOrder = 35;

export function createModule(deps: ModuleDeps): StoreModule {
  const provider = createPaymentProvider(deps.env, deps.jwtSecret);
  let refunds: Subscription | null = null;
  return {
    name: 'payments',
    routes: paymentsApi(provider),
    // The simulator refunds nothing real; with Razorpay keys, refunds go through its API.
    start: async (runtime) => {
      if (provider.kind === 'razorpay') refunds = startRefunds(runtime, provider);
    },
    stop: async () => {
      await refunds?.close();
      refunds = null;
    },
  };
}
