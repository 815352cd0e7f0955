import type { EventStore } from '../../core/event-store.js';
import { verifyChains, type VerifyReport } from './verify-chain.js';

/** Verifies every hash chain of the store, as its adapter lists the events (stream by stream where it can). */
export function verifyStoreChains(store: Pick<EventStore, 'chainEntries'>): Promise<VerifyReport> {
  const { entries, byStream } = store.chainEntries();
  return verifyChains(entries, { byStream });
}
