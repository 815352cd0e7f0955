import type pg from 'pg';
import { streamWrite, type CommandContext } from '../../core/command-handler.js';
import { fold } from '../../core/decider.js';
import { WrongExpectedVersionError } from '../../core/errors.js';
import type { EventStore, StreamWrite } from '../../core/event-store.js';
import { loadSnapshotted } from '../../core/snapshots.js';
import { loadInventory } from '../inventory/index.js';
import { OPEN_COD_STATUSES, type CodHoldFacts } from './cod-holds.js';
import {
  codAccountLedger,
  codHoldFactsFrom,
  codShareLedger,
  decideCodAccount,
  decideCodShare,
  evolveCodAccount,
  evolveCodShare,
  heldAsNewAccountCod,
  type CodAccountEvent,
  type CodAccountState,
  type CodHold,
  type CodShareEvent,
  type CodShareState,
} from './cod-ledgers.js';
import { evolveOrder, initialOrderState, orderStream, type OrderEvent } from './order.js';

interface Loaded<State, Event> {
  streamId: string;
  state: State;
  version: number;
  /** The opening balance to write first when the ledger does not exist yet. */
  opening: Event[];
}

const accountDecider = { initialState: (): CodAccountState => ({}), evolve: evolveCodAccount };
const shareDecider = { initialState: (): CodShareState => ({}), evolve: evolveCodShare };

/** Holds placed before the ledgers were kept: candidates from the orders read model, each confirmed by its own stream. */
async function heldBefore(store: EventStore, pool: pg.Pool | null, where: string, value: string): Promise<CodHold[]> {
  if (!pool) return [];
  const { rows } = await pool.query<{ id: string }>(
    `select o.id from orders o where o.payment_method = 'cod' and o.cod_new_account and o.status = any($2::text[]) and ${where} order by o.created_at`,
    [value, OPEN_COD_STATUSES],
  );
  const holds: CodHold[] = [];
  for (const { id } of rows) {
    const events = (await store.readStream(orderStream(id))) as unknown as OrderEvent[];
    const hold = heldAsNewAccountCod(events.reduce(evolveOrder, initialOrderState()));
    if (hold) holds.push(hold);
  }
  return holds;
}

async function loadAccount(store: EventStore, pool: pg.Pool | null, customerId: string, at: string): Promise<Loaded<CodAccountState, CodAccountEvent>> {
  const streamId = codAccountLedger(customerId);
  const events = (await store.readStream(streamId)) as unknown as CodAccountEvent[];
  let opening: CodAccountEvent[] = [];
  if (events.length === 0) {
    const holds = await heldBefore(store, pool, 'o.customer_id = $1', customerId);
    if (holds.length > 0)
      opening = [{ type: 'CodHoldsCarriedOver', data: { customerId, orders: holds.map((h) => ({ orderId: h.orderId, units: h.units })), at } }];
  }
  return { streamId, state: fold(accountDecider, [...events, ...opening]), version: events.length - 1, opening };
}

/** Names the shape of CodShareState in stored snapshots: change it when the shape changes. */
export const COD_SHARE_SNAPSHOT_KIND = 'cod-share-v1';

/**
 * A product's share ledger grows by every new account's COD order of it, so it is folded from its snapshot
 * (src/core/snapshots.ts) and the events after it, as stock streams are; an account's ledger stays short.
 */
async function loadShare(store: EventStore, pool: pg.Pool | null, productId: string, at: string): Promise<Loaded<CodShareState, CodShareEvent>> {
  const streamId = codShareLedger(productId);
  const loaded = await loadSnapshotted<CodShareState, CodShareEvent>(store, streamId, shareDecider, COD_SHARE_SNAPSHOT_KIND);
  let opening: CodShareEvent[] = [];
  if (loaded.version < 0) {
    const holds = await heldBefore(store, pool, 'exists (select 1 from order_items i where i.order_id = o.id and i.product_id = $1)', productId);
    const orders = holds.flatMap((h) => h.units.filter((u) => u.productId === productId).map((u) => ({ orderId: h.orderId, quantity: u.quantity })));
    if (orders.length > 0) opening = [{ type: 'CodShareCarriedOver', data: { productId, orders, at } }];
  }
  return { streamId, state: opening.reduce(evolveCodShare, loaded.state), version: loaded.version, opening };
}

/** The ledgers of one shopper and some products, read at one version each: the facts to decide on, and the writes of a change. */
export interface CodLedgers {
  /** What the shopper and all new accounts hold, with each product's units on sale (from its inventory stream). */
  facts: CodHoldFacts;
  /** The writes recording `effect` for `hold`, each expecting the version its ledger was read at. */
  writes: (effect: 'open' | 'close', hold: CodHold, reason: string, context: CommandContext) => StreamWrite[];
  /**
   * A conflict when a ledger moved since it was read (null: none did). A refusal is not appended, so nothing else
   * would notice that it was decided on a ledger and stock read at different moments: it is decided again instead.
   */
  stale: () => Promise<WrongExpectedVersionError | null>;
}

export async function loadCodLedgers(
  store: EventStore,
  pool: pg.Pool | null,
  customerId: string,
  productIds: string[],
  at: string,
  withStock: boolean,
): Promise<CodLedgers> {
  const [account, shares] = await Promise.all([loadAccount(store, pool, customerId, at), Promise.all(productIds.map((id) => loadShare(store, pool, id, at)))]);
  // Stock read after the ledgers: every hold the ledgers show has its units reserved in what is read here.
  const stock = withStock ? await Promise.all(productIds.map(async (id) => [id, (await loadInventory(store, id)).available] as const)) : [];
  const byProduct = new Map(shares.map((s, i) => [productIds[i]!, s]));
  return {
    stale: async () => {
      for (const ledger of [account, ...shares]) {
        const now = await store.streamVersion(ledger.streamId);
        if (now !== ledger.version) return new WrongExpectedVersionError(ledger.streamId, ledger.version < 0 ? 'no_stream' : ledger.version, now);
      }
      return null;
    },
    facts: codHoldFactsFrom(account.state, Object.fromEntries([...byProduct].map(([id, s]) => [id, s.state])), Object.fromEntries(stock)),
    writes: (effect, hold, reason, context) => {
      const writes: StreamWrite[] = [];
      const mine = decideCodAccount(account.state, effect, hold, reason, at);
      if (mine.length > 0) writes.push(streamWrite(account.streamId, account.version, [...account.opening, ...mine], context));
      for (const u of hold.units) {
        const share = byProduct.get(u.productId);
        if (!share) continue;
        const events = decideCodShare(share.state, effect, u.productId, hold.orderId, u.quantity, reason, at);
        if (events.length > 0) writes.push(streamWrite(share.streamId, share.version, [...share.opening, ...events], context));
      }
      return writes;
    },
  };
}

/** The ledgers' streams a hold of `customerId` over `productIds` writes (locked with the command's other streams). */
export const codLedgerStreams = (customerId: string, productIds: string[]) => [codAccountLedger(customerId), ...productIds.map(codShareLedger)];
