import type { ModuleDeps, StoreModule } from '../module.js';
import { customersApi } from './api.js';
import { accountLinksApi } from './account-links-api.js';
import { createAttemptThrottle } from './attempt-throttle.js';
import { bootstrapAdmin } from './bootstrap-admin.js';
import './customer.js';

export { registerCustomer, loadCustomer, changeSessions, eraseCustomerRecord, updateProfile } from './commands.js';
export { CredentialStore } from './credentials.js';
export { verifyPassword } from './password.js';
export { createAttemptThrottle, type AttemptThrottle } from './attempt-throttle.js';
export { toUserDto } from './api.js';
export { isEmailVerified } from './commands.js';
export { linkKey, linkToken, linkPath, PASSWORD_RESET_TTL_MS, EMAIL_VERIFICATION_TTL_MS, type AccountLinkEvent } from './account-links.js';
export { customerStream, nextSessionVersion, type CustomerEvent } from './customer.js';

export const startOrder = 10;

export function createModule(deps: ModuleDeps): StoreModule {
  const throttle = createAttemptThrottle(deps.pool, deps.limits.authThrottle, deps.now);
  const linkThrottles = {
    reset: createAttemptThrottle(deps.pool, deps.limits.authThrottle, deps.now, 'reset:'),
    verification: createAttemptThrottle(deps.pool, deps.limits.authThrottle, deps.now, 'verify:'),
  };
  return {
    name: 'customers',
    routes: async (app, runtime) => {
      const links = await accountLinksApi(app, runtime, linkThrottles);
      await customersApi(app, runtime, throttle, links);
    },
    start: bootstrapAdmin,
  };
}
export { userSchema, type UserDto } from './schemas.js';
