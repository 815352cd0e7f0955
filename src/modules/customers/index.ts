import { customersProjector } from '../../../projections/customers/customers-projector.js';
import type { ModuleDeps, StoreModule } from '../module.js';
import { customersApi } from './api.js';
import { bootstrapAdmin } from './bootstrap-admin.js';
import './customer.js';

export { registerCustomer, loadCustomer } from './commands.js';
export { toUserDto } from './api.js';
export { customerStream } from './customer.js';

export const startOrder = 10;

export function createModule(_deps: ModuleDeps): StoreModule {
  return {
    name: 'customers',
    projectors: [customersProjector],
    routes: customersApi,
    start: bootstrapAdmin,
  };
}
