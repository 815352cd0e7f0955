import { createAttemptThrottle } from '../customers/index.js';
import type { ModuleDeps, StoreModule } from '../module.js';
import { privacyApi } from './api.js';
import { purgeExpiredInvoices } from './retention.js';

export { registerPersonalFields, ERASED_NAME, erasedEmail } from './personal-fields.js';
export { PRIVACY_NOTICE_VERSION } from '../../shared/privacy-notice.js';
export { eraseCustomer } from './erase.js';
export { logMigrationEvents, type PrivacyEvent, type PersonalDataLogEncrypted } from './events.js';

export const startOrder = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Consent, export, erasure and the invoice retention store; the encryption itself sits in the event store. */
export function createModule(deps: ModuleDeps): StoreModule {
  let timer: NodeJS.Timeout | null = null;
  // The sign-in throttle (its counters are in PostgreSQL, so this is the same limiter the sign-in routes use).
  const throttle = createAttemptThrottle(deps.pool, deps.limits.authThrottle, deps.now);
  const purge = () =>
    purgeExpiredInvoices(deps.pool, new Date(deps.now()).toISOString().slice(0, 10)).then(
      (n) => n > 0 && deps.log.info({ purged: n }, 'retained invoices past their 72 months deleted'),
      (error: unknown) => deps.log.error({ err: error }, 'purging retained invoices failed'),
    );
  return {
    name: 'privacy',
    routes: (app, runtime) => privacyApi(app, runtime, throttle),
    start: async () => {
      await purge();
      timer = setInterval(() => void purge(), DAY_MS);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
    },
  };
}
