import type { ModuleDeps, StoreModule } from '../module.js';
import { courierFor } from '../../shared/courier.js';
import { shippingApi } from './api.js';

export { applyTracking } from './tracking.js';

export const startOrder = 36;

export function createModule(deps: ModuleDeps): StoreModule {
  // Made now, so that a courier that cannot be configured stops the start instead of the first shipment.
  courierFor(deps.env);
  return { name: 'shipping', routes: shippingApi };
}
