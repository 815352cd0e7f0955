import { DEMO_ADMIN } from '../../config/env.js';
import { loadState } from '../../core/command-handler.js';
import type { ModuleDeps } from '../module.js';
import { emailStream, evolveEmail, initialEmailState } from './customer.js';
import { registerCustomer } from './commands.js';
import { CredentialStore } from './credentials.js';

/**
 * First start: creates the admin account from ADMIN_EMAIL/ADMIN_PASSWORD (loadEnv refuses one without the other), or,
 * on the embedded default only (no DATABASE_URL), the demo admin documented in the README. A password is never logged.
 */
export async function bootstrapAdmin(runtime: ModuleDeps): Promise<void> {
  if (!runtime.env.ADMIN_EMAIL && runtime.env.DATABASE_URL) {
    runtime.log.warn('no admin account bootstrapped: set ADMIN_EMAIL and ADMIN_PASSWORD (the demo admin exists only on the embedded default)');
    return;
  }
  const email = runtime.env.ADMIN_EMAIL ?? DEMO_ADMIN.email;
  const password = runtime.env.ADMIN_PASSWORD ?? DEMO_ADMIN.password;
  const claim = await loadState(runtime.store, emailStream(email), { initialState: initialEmailState, evolve: evolveEmail });
  if (claim.state.owner) return;
  await registerCustomer(
    runtime.store,
    new CredentialStore(runtime.pool),
    { email, password, fullName: 'Store Admin', phone: '', address: '', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', role: 'admin' },
    { correlationId: 'bootstrap-admin' },
  ).catch((error: unknown) => {
    // Another instance created it at the same moment.
    if ((error as { statusCode?: number }).statusCode !== 409) throw error;
  });
  if (!runtime.env.ADMIN_EMAIL)
    runtime.log.warn({ email }, "created the demo admin account with the README's demo password (set ADMIN_EMAIL/ADMIN_PASSWORD for a real store)");
  else runtime.log.info({ email }, 'created admin account');
}
