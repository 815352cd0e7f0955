import type { ModuleDeps, StoreModule } from '../module.js';
import { paymentsApi } from './api.js';
import './payments.js';
import { createPaymentProvider } from './provider.js';

export { paymentSignature, webhookSignature } from './signature.js';
export { SIMULATOR_KEY_ID } from './provider.js';

export const startOrder = 35;

export function createModule(deps: ModuleDeps): StoreModule {
  const provider = createPaymentProvider(deps.env, deps.jwtSecret);
  return { name: 'payments', projectors: [], routes: paymentsApi(provider) };
}
