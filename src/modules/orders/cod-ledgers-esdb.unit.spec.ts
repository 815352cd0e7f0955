import { describe, expect, it } from 'vitest';
import { disableLocalLocks, runCommand } from '../../core/command-handler.js';
import { ConflictError } from '../../core/errors.js';
import type { EventStore } from '../../core/event-store.js';
import { memoryClient } from '../../event-store/esdb-memory-client.fixture.js';
import { EventStoreDbEventStore } from '../../event-store/eventstoredb.js';
import { DEFAULT_COD_HOLD_CAPS, refuseNewAccountCodHoarding } from './cod-holds.js';
import { codLedgerStreams, loadCodLedgers } from './cod-ledger-store.js';
import { codAccountLedger, codShareLedger } from './cod-ledgers.js';

/**
 * The ledgers on the EventStoreDB adapter (its in-memory stand-in of the client): concurrent holds of one account are
 * kept apart by the store's expected versions alone, through the command pipeline's retries, as on PostgreSQL.
 */
const customerId = 'c0ffee00-0000-4000-8000-000000000001';
const at = '2026-01-10T10:00:00.000Z';
const newAccount = { emailVerified: false, registeredAt: at };

/** One checkout's COD decision and ledger writes, as PlaceOrder makes them (stock and order left out). */
function holdOn(store: EventStore, orderId: string, productId: string) {
  return runCommand(store, codLedgerStreams(customerId, [productId]), async () => {
    const ledgers = await loadCodLedgers(store, null, customerId, [productId], at, false);
    const facts = { ...ledgers.facts, onSale: { [productId]: 100 } };
    refuseNewAccountCodHoarding(
      [{ lineNo: 1, productId, name: 'Goku', image: '', category: 'Anime Figures', unitPricePaise: 1299_00, quantity: 1 }],
      newAccount,
      facts,
      DEFAULT_COD_HOLD_CAPS,
      at,
    );
    const writes = ledgers.writes('open', { orderId, customerId, units: [{ productId, quantity: 1 }] }, 'placed', { now: new Date(at) });
    return { writes, result: orderId };
  });
}

describe('new accounts’ COD ledgers on EventStoreDB', () => {
  it('of 6 concurrent holds of one account (6 products), exactly 2 are appended; the others are decided again and refused', async () => {
    const store = new EventStoreDbEventStore('esdb://unused:2113?tls=false', { client: memoryClient({ serverVersion: '25.1.0' }).client });
    disableLocalLocks(store);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => holdOn(store, `o${i}`, `p${i}`)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason as Error);
    expect(refusals).toHaveLength(4);
    for (const r of refusals) {
      expect(r).toBeInstanceOf(ConflictError);
      expect(r.message).toMatch(/can hold at most 2 (open cash-on-delivery orders|of Goku)/);
    }
    expect((await store.readStream(codAccountLedger(customerId))).map((e) => e.type)).toEqual(['CodHoldOpened', 'CodHoldOpened']);
    const shares = (await Promise.all(Array.from({ length: 6 }, (_, i) => store.readStream(codShareLedger(`p${i}`))))).flat();
    expect(shares.map((e) => e.type)).toEqual(['CodShareTaken', 'CodShareTaken']);
  });
});
