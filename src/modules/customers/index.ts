import type { ModuleDeps, StoreModule } from '../module.js';
import { customersApi } from './api.js';
import { createAttemptThrottle } from './attempt-throttle.js';
import { bootstrapAdmin } from './bootstrap-admin.js';
import './customer.js';

export { registerCustomer, loadCustomer, changeSessions, eraseCustomerRecord, updateProfile } from './commands.js';
export { CredentialStore } from './credentials.js';
export { verifyPassword } from './password.js';
export { createAttemptThrottle, type AttemptThrottle } from './attempt-throttle.js';
export { toUserDto } from './api.js';
export { customerStream, nextSessionVersion, type CustomerEvent } from './customer.js';

export const startOrder = 10;

export function createModule(deps: ModuleDeps): StoreModule {
  const throttle = createAttemptThrottle(deps.pool, deps.limits.authThrottle, deps.now);
  return {
    name: 'customers',
    routes: (app, runtime) => customersApi(app, runtime, throttle),
    start: bootstrapAdmin,
  };
}
export { userSchema, type UserDto } from './schemas.js';
