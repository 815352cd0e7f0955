import { createHash, randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { localLocks, metadataFor, runCommand, toNewEvents, type CommandContext } from '../../core/command-handler.js';
import { fold } from '../../core/decider.js';
import { validateEvent } from '../../core/event-registry.js';
import { ConflictError, NotFoundError, ValidationError, WrongExpectedVersionError } from '../../core/errors.js';
import type { AppendResult, EventStore, StreamWrite } from '../../core/event-store.js';
import { categoryOnSale, productsForSale } from '../catalogue/index.js';
import { loadCustomer } from '../customers/index.js';
import { inventoryStream, releaseWrites, reservationWrites, restockWrites } from '../inventory/index.js';
import { COD_CONFIRM_HOURS, decideOrder, EXPIRY_MINUTES, stockEffect, type OrderCommand } from './decide.js';
import {
  countsAsRevenue,
  evolveOrder,
  initialOrderState,
  orderStream,
  type OrderEvent,
  type OrderLine,
  type OrderState,
  type PaymentMethod,
  type ShippingAddress,
} from './order.js';
import { customerHolds, DEFAULT_HOLD_CAPS, type HoldCaps } from './holds.js';
import { isNewAccount, NO_COD_HOLDS, type CodHoldCaps } from './cod-holds.js';
import { codLedgerStreams, loadCodLedgers } from './cod-ledger-store.js';
import { codHoldChange } from './cod-ledgers.js';
import { numberBatcher } from './number-batcher.js';
import { toPaise } from './pricing.js';
import { returnCreditNoteLockStreams, returnCreditNoteWrites, taxDocumentLockStreams, taxDocumentWrites, type OrderTransition } from '../gst/index.js';
import { restockedUnits } from './returns.js';
import { couponRedemption, couponStream, couponUseWrites, previewCoupon } from '../promotions/index.js';
import { couponForOrder } from './coupon-order.js';
import { preorderLine } from './preorder-line.js';

/** The status change an order command makes, as the GST invoicing needs it (null: the order is gone or unchanged). */
function taxTransition(past: OrderEvent[], before: OrderState, after: OrderState, events: OrderEvent[]): OrderTransition | null {
  const placed = past.find((e) => e.type === 'OrderPlaced');
  if (!placed || placed.type !== 'OrderPlaced' || before.status !== 'active' || after.status !== 'active') return null;
  const at = (events[0]!.data as { at: string }).at;
  return {
    order: placed.data,
    statusBefore: before.order.status,
    statusAfter: after.order.status,
    refunded: events.some((e) => e.type === 'PaymentRefunded'),
    countedBefore: countsAsRevenue(before.order),
    countedAfter: countsAsRevenue(after.order),
    at,
  };
}

/** The transition `command` would make from the state read before the command runs (null when it would not decide). */
function previewTransition(known: { state: OrderState; events: OrderEvent[] }, command: OrderCommand): OrderTransition | null {
  try {
    const events = decideOrder(command, known.state);
    return events.length === 0 ? null : taxTransition(known.events, known.state, events.reduce(evolveOrder, known.state), events);
  } catch {
    return null;
  }
}

export interface OrdersDeps {
  store: EventStore;
  pool: pg.Pool;
  /** Stock-hoarding caps; the defaults of holds.ts when absent. */
  holdCaps?: HoldCaps;
  /** COD_REQUIRES_VERIFIED_EMAIL (off when absent). */
  codRequiresVerifiedEmail?: boolean;
  /** New accounts' cash-on-delivery caps (cod-holds.ts; off when absent). */
  codHoldCaps?: CodHoldCaps | null;
}

const decider = { initialState: initialOrderState, evolve: evolveOrder };

export async function loadOrder(store: EventStore, orderId: string): Promise<{ state: OrderState; version: number; events: OrderEvent[] }> {
  const recorded = await store.readStream(orderStream(orderId));
  const events = recorded as unknown as OrderEvent[];
  return { state: fold(decider, events), version: recorded.length - 1, events };
}

export interface PlaceOrderInput {
  customerId: string;
  /** The browser's id for this checkout: the order id is derived from it, so one checkout is one order. */
  checkoutId?: string;
  lines: { productId: string; quantity: number }[];
  paymentMethod: PaymentMethod;
  shippingAddress: ShippingAddress;
  /** A coupon code as the shopper typed it. */
  couponCode?: string;
}

/** Prices every line from the catalogue (its product lookups); the client's prices are never used. */
export async function priceFromCatalogue(pool: pg.Pool, lines: { productId: string; quantity: number }[], now: Date = new Date()): Promise<OrderLine[]> {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  const ids = [...merged.keys()];
  const byId = await productsForSale(pool, ids);
  return ids.map((productId, i) => {
    const product = byId.get(productId);
    if (!product) throw new NotFoundError(`Product not found: ${productId}`);
    const quantity = merged.get(productId)!;
    if (quantity > 10) throw new ValidationError(`You can order at most 10 of ${product.name}`);
    if (!categoryOnSale(product.category)) throw new ValidationError(`${product.name} is not on sale yet: ${product.category} is coming soon`);
    if (!product.inStockFlag) throw new ConflictError(`Out of Stock: ${product.name} is currently out of stock.`);
    const unitPricePaise = toPaise(product.price);
    if (unitPricePaise <= 0) throw new ValidationError(`${product.name} is not for sale`);
    const line: OrderLine = { lineNo: i + 1, productId, name: product.name, image: product.image, category: product.category, unitPricePaise, quantity };
    return preorderLine(line, product.releaseDate, now);
  });
}

/**
 * PlaceOrder: prices from the catalogue, claims the next order number and reserves all lines' stock in ONE atomic
 * append with the OrderPlaced event, so neither stock nor numbers can be handed out twice.
 */
/** The order id of a checkout: a name-based UUID of the shopper and their checkout id (same inputs, same order). */
export function checkoutOrderId(customerId: string, checkoutId: string): string {
  const bytes = createHash('sha256').update(`checkout:${customerId}:${checkoutId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type PlacedData = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

/**
 * Places the order of a checkout once: with a checkout id, a repeated request (a retry after a lost answer, a second
 * click, paying again after dismissing the payment window) finds the order already placed and returns it
 * (`result: null`) instead of placing and reserving a second one.
 */
export async function placeOrderOnce(
  deps: OrdersDeps,
  input: PlaceOrderInput,
  context: CommandContext,
): Promise<{ orderId: string; placedNow: boolean; result: AppendResult | null }> {
  if (!input.checkoutId) {
    const { order, result } = await placeOrder(deps, input, context);
    return { orderId: order.orderId, placedNow: true, result };
  }
  const orderId = checkoutOrderId(input.customerId, input.checkoutId);
  return localLocks(deps.store).run([orderStream(orderId)], async () => {
    const existing = await deps.store.readStream(orderStream(orderId));
    if (existing.length > 0) return { orderId, placedNow: false, result: null };
    const { result } = await placeOrder(deps, input, context, orderId);
    return { orderId, placedNow: true, result };
  });
}

export async function placeOrder(
  deps: OrdersDeps,
  input: PlaceOrderInput,
  context: CommandContext,
  orderId: string = randomUUID(),
): Promise<{ order: PlacedData; result: AppendResult }> {
  const { store, pool } = deps;
  const items = await priceFromCatalogue(pool, input.lines, context.now ?? new Date());
  const codCaps = input.paymentMethod === 'cod' ? (deps.codHoldCaps ?? null) : null;
  const [{ state: customer }, holds] = await Promise.all([
    loadCustomer(store, input.customerId),
    customerHolds(
      pool,
      input.customerId,
      items.map((i) => i.productId),
    ),
  ]);
  const caps = deps.holdCaps ?? DEFAULT_HOLD_CAPS;
  const now = context.now ?? new Date();
  const at = now.toISOString();
  // A new account's COD caps are decided from its ledgers inside each attempt below, not from the lagging read model.
  const codLedgersDecide =
    codCaps && isNewAccount({ emailVerified: customer.profile.emailVerified, registeredAt: customer.profile.createdAt }, codCaps.newAccountDays, at);
  const year = now.getUTCFullYear();
  const command = (orderNumber: string): OrderCommand => ({
    type: 'PlaceOrder',
    data: {
      orderId,
      orderNumber,
      customer: {
        id: input.customerId,
        name: customer.profile.fullName,
        email: customer.profile.email,
        emailVerified: customer.profile.emailVerified,
        registeredAt: customer.profile.createdAt,
      },
      codNeedsVerifiedEmail: deps.codRequiresVerifiedEmail ?? false,
      items,
      paymentMethod: input.paymentMethod,
      // The payload has no recipient name and an optional phone: the shopper's own stand in.
      shippingAddress: {
        ...input.shippingAddress,
        name: input.shippingAddress.name || customer.profile.fullName,
        phone: input.shippingAddress.phone || customer.profile.phone,
      },
      holds,
      caps,
      ...(codCaps ? { codCaps, codHolds: NO_COD_HOLDS } : {}),
      at,
    },
  });
  const coupon = input.couponCode === undefined ? null : await couponForOrder(pool, input.customerId, input.couponCode);
  if (coupon) {
    // A coupon that cannot be used now (used up, expired, …) is refused before the checkout queues for the coupon's
    // and the products' streams; a use the coupon can give is decided again, exactly, inside the append below.
    await previewCoupon(store, coupon.code, { orderId, customerId: input.customerId, lines: items, priorOrders: coupon.priorOrders, at: now.toISOString() });
  }
  const ctx = { ...context, now };
  /*
   * Each attempt decides the coupon's use (when there is one), then the order with the discount on its lines, before
   * any stock is touched: a refused order (COD minimum, a used-up coupon, …) never reserves, and a malformed event
   * never joins a batch. The order's number is set when the number batcher claims one.
   */
  let decided: OrderEvent[] = [];
  const decideWithCoupon = async (): Promise<StreamWrite[]> => {
    let priced = items;
    let couponWrites: StreamWrite[] = [];
    if (coupon) {
      const used = await couponRedemption(
        store,
        coupon.code,
        { orderId, customerId: input.customerId, lines: items, priorOrders: coupon.priorOrders, at },
        ctx,
      );
      priced = items.map((l) => {
        const discountPaise = used.lineDiscounts.get(l.lineNo) ?? 0;
        return discountPaise > 0 ? { ...l, discountPaise } : l;
      });
      couponWrites = [used.write];
    }
    const placing = command(`AC-${year}-000000`);
    const productIds = items.map((i) => i.productId);
    const ledgers = codLedgersDecide ? await loadCodLedgers(store, pool, input.customerId, productIds, at, true) : null;
    if (placing.type === 'PlaceOrder') {
      placing.data.items = priced;
      if (coupon) placing.data.couponCode = coupon.code;
      if (ledgers) placing.data.codHolds = ledgers.facts;
    }
    try {
      decided = decideOrder(placing, initialOrderState());
    } catch (error) {
      throw (ledgers && error instanceof ConflictError && (await ledgers.stale())) || error;
    }
    for (const event of decided) validateEvent(event.type, event.data);
    // The hold goes on the ledgers at the versions the caps were just checked against, in the order's append.
    const change = ledgers ? codHoldChange(initialOrderState(), decided.reduce(evolveOrder, initialOrderState())) : null;
    return [...couponWrites, ...(ledgers && change ? ledgers.writes(change.effect, change.hold, change.reason, ctx) : [])];
  };
  const numbered = (orderNumber: string) => decided.map((e) => (e.type === 'OrderPlaced' ? { ...e, data: { ...e.data, orderNumber } } : e));
  const batcher = numberBatcher(store, year);
  const lines = [...items]
    .sort((a, b) => a.productId.localeCompare(b.productId))
    .map((l) => ({ productId: l.productId, quantity: l.quantity, productName: l.name }));
  /*
   * The stock decisions over every product's inventory stream (and the coupon's use, on its own stream) go, with the
   * order, to the year's number batcher, which appends them with the number claim (and other placements) in one
   * atomic append. On a conflict the command pipeline decides them again.
   */
  let placed: PlacedData | null = null;
  const { appended } = await runCommand(
    store,
    [
      ...lines.map((l) => inventoryStream(l.productId)),
      ...(coupon ? [couponStream(coupon.code)] : []),
      ...(codLedgersDecide
        ? codLedgerStreams(
            input.customerId,
            lines.map((l) => l.productId),
          )
        : []),
    ],
    async () => {
      const couponWrites = await decideWithCoupon();
      return { writes: [...couponWrites, ...(await reservationWrites(store, orderId, lines, ctx))], result: null };
    },
    {
      append: (stockWrites) =>
        batcher.submit({
          orderId,
          stockWrites,
          metadata: metadataFor(ctx),
          orderWrites: (orderNumber) => {
            const events = numbered(orderNumber);
            placed = (events[0] as Extract<OrderEvent, { type: 'OrderPlaced' }>).data;
            return [{ streamId: orderStream(orderId), events: toNewEvents(events, ctx), expectedVersion: 'no_stream' }];
          },
        }),
    },
  );
  if (!appended || !placed) throw new Error('order was not written');
  return { order: placed, result: appended };
}

/**
 * Runs an order command: decides against the latest stream, and appends the order's events together with the
 * stock they release or re-reserve (and any `extraWrites`) in one atomic append; retried on concurrent changes.
 */
export async function runOrderCommand(
  store: EventStore,
  orderId: string,
  command: OrderCommand,
  context: CommandContext,
  extraWrites: StreamWrite[] = [],
): Promise<{ events: OrderEvent[]; state: OrderState; result: AppendResult | null }> {
  const streamId = orderStream(orderId);
  // An order's products never change after it is placed: their inventory streams are locked with the order's. So is
  // the GST series a change would number its document from (previewed on the state read now), so that concurrent
  // confirmations in this process queue for the number instead of conflicting.
  const known = await loadOrder(store, orderId);
  const products = known.state.status === 'none' ? [] : known.state.order.items.map((l) => l.productId);
  const coupon = known.state.status === 'none' ? undefined : known.state.order.coupon;
  const series = [
    ...taxDocumentLockStreams(previewTransition(known, command)),
    // A received return is refunded with a credit note for its units.
    ...(command.type === 'ReceiveReturn' ? returnCreditNoteLockStreams(command.data.at) : []),
  ];
  const codLedgers = known.state.status !== 'none' && known.state.order.codNewAccount ? codLedgerStreams(known.state.order.customerId, products) : [];
  let documentsAppended = () => {};
  const { result, appended } = await runCommand(
    store,
    [streamId, ...new Set(products.map(inventoryStream)), ...(coupon ? [couponStream(coupon.code)] : []), ...series, ...codLedgers],
    async (attempt) => {
      const { state, version, events: past } = attempt === 1 ? known : await loadOrder(store, orderId);
      const events = decideOrder(command, state);
      const after = events.reduce(evolveOrder, state);
      if (events.length === 0) return { writes: [], result: { events, state } };
      const write: StreamWrite = { streamId, events: toNewEvents(events, context), expectedVersion: version < 0 ? 'no_stream' : version };
      const order = state.status === 'none' ? null : state.order;
      const effect = stockEffect(events);
      let stock: StreamWrite[] = [];
      if (effect === 'release' && order) {
        stock = await releaseWrites(store, orderId, order.items.map((l) => l.productId).sort(), events[0]!.type, context);
      } else if (effect === 'reserve' && order) {
        const lines = [...order.items]
          .sort((a, b) => a.productId.localeCompare(b.productId))
          .map((l) => ({ productId: l.productId, quantity: l.quantity, productName: l.name }));
        stock = await reservationWrites(store, orderId, lines, context);
      }
      // Units of a received return the admin marked resellable go back on sale.
      const restocked = restockedUnits(events);
      if (restocked.length > 0) stock = await restockWrites(store, orderId, restocked, 'return received', context);
      // The coupon's use follows the stock: given back with it, taken again (within the coupon's limits) with it.
      if (effect && order?.coupon) {
        const change =
          effect === 'release'
            ? { effect: 'return' as const, orderId, reason: events[0]!.type }
            : { effect: 'retake' as const, orderId, customerId: order.customerId, discountPaise: order.coupon.discountPaise };
        stock = [...stock, ...(await couponUseWrites(store, order.coupon.code, change, context))];
      }
      // A new account's COD hold that ends (or is reopened) leaves (or rejoins) its ledgers in the same append.
      const codChange = codHoldChange(state, after);
      if (codChange) {
        const ledgers = await loadCodLedgers(store, null, codChange.hold.customerId, [...new Set(products)], events[0]!.data.at, false);
        stock = [...stock, ...ledgers.writes(codChange.effect, codChange.hold, codChange.reason, context)];
      }
      // The GST invoice or credit note this change calls for goes in the same append (src/modules/gst).
      const documents = await taxDocumentWrites(store, taxTransition(past, state, after, events), context);
      const returnNote = await returnCreditNote(store, state, events, context);
      documentsAppended = () => {
        documents.appended();
        returnNote.appended();
      };
      return { writes: [...stock, write, ...extraWrites, ...documents.writes, ...returnNote.writes], result: { events, state: after } };
    },
    {
      // A conflict on a caller's own write (a webhook delivery already claimed) is the caller's answer, not a race to retry.
      retriable: (error) => error instanceof WrongExpectedVersionError && !extraWrites.some((w) => w.streamId === error.streamId),
    },
  );
  if (appended) documentsAppended();
  return { events: result.events, state: result.state, result: appended };
}

/** The credit note for the units of a return refunded by `events` (none when nothing was refunded). */
async function returnCreditNote(store: EventStore, state: OrderState, events: OrderEvent[], context: CommandContext) {
  const refunded = events.find((e) => e.type === 'ReturnRefunded');
  if (!refunded || refunded.type !== 'ReturnRefunded' || state.status !== 'active') return { writes: [], appended: () => {} };
  const ret = state.order.returns.find((r) => r.returnId === refunded.data.returnId)!;
  return returnCreditNoteWrites(
    store,
    {
      orderId: state.order.orderId,
      returnId: ret.returnId,
      lines: ret.items.map((i) => ({ productId: i.productId, quantity: i.quantity, grossPaise: i.refundPaise })),
      at: refunded.data.at,
    },
    context,
  );
}

export const generateTrackingNumber = () => `AWB${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e3)).padStart(3, '0')}`;

/**
 * Cancels unpaid online orders older than 30 minutes and cash-on-delivery orders left unconfirmed for 24 hours
 * (OrderExpired releases their stock; the decider words each reason). `now` is injected.
 */
export async function expireDueOrders(deps: OrdersDeps, now: Date): Promise<string[]> {
  const { rows } = await deps.pool.query<{ id: string }>(
    `select id from orders
      where (payment_method = 'razorpay' and payment_status not in ('completed', 'refunded') and status in ('pending', 'placed')
             and created_at <= $1::timestamptz - make_interval(mins => $2))
         or (payment_method = 'cod' and status = 'pending' and created_at <= $1::timestamptz - make_interval(hours => $3))
      order by created_at limit 500`,
    [now.toISOString(), EXPIRY_MINUTES, COD_CONFIRM_HOURS],
  );
  const expired: string[] = [];
  for (const { id } of rows) {
    const { events } = await runOrderCommand(
      deps.store,
      id,
      { type: 'ExpireOrder', data: { at: now.toISOString() } },
      { userId: null, now, correlationId: randomUUID() },
    );
    if (events.length > 0) expired.push(id);
  }
  return expired;
}
