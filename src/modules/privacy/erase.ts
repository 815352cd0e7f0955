import type { CommandContext } from '../../core/command-handler.js';
import type { GlobalPosition } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';
import { CredentialStore, eraseCustomerRecord } from '../customers/index.js';
import { retainInvoices } from './retention.js';

export interface ErasureRequest {
  requestedBy: 'customer' | 'admin';
  /** Who carried it out (a user id). */
  by: string;
  reason: string;
}

/** The read models PersonalDataErased blanks (a caller waits for them before answering). */
export const ERASED_READ_MODELS = ['customers', 'orders', 'addresses', 'wishlists', 'reviews', 'invoices', 'messages'];

/**
 * Erases a customer by destroying their key (docs/decisions/0006-crypto-shredding.md): their tax invoices are copied to the retention store, PersonalDataErased is appended
 * (with the release of their e-mail), then their data key is destroyed, their password hash removed and their sessions
 * ended. Safe to repeat: a second call finds the customer erased and makes sure the key and the hash are gone.
 */
export async function eraseCustomer(
  runtime: ModuleDeps,
  customerId: string,
  request: ErasureRequest,
  context: CommandContext,
): Promise<{ position: GlobalPosition | null; retainedInvoices: number }> {
  const retainedInvoices = await retainInvoices(runtime.pool, runtime.store, customerId, runtime.env.GST_RATE, request.by);
  const result = await eraseCustomerRecord(runtime.store, new CredentialStore(runtime.pool), customerId, request, context);
  await runtime.personalData.keys.destroy(customerId);
  await runtime.sessions.refresh(customerId);
  return { position: result?.position ?? null, retainedInvoices };
}
