import { describe, expect, it } from 'vitest';
import { DEFAULT_COD_HOLD_CAPS } from './cod-holds.js';
import {
  codHoldChange,
  codHoldFactsFrom,
  decideCodAccount,
  decideCodShare,
  evolveCodAccount,
  evolveCodShare,
  type CodAccountEvent,
  type CodAccountState,
  type CodShareEvent,
  type CodShareState,
} from './cod-ledgers.js';
import { decideOrder, type OrderCommand } from './decide.js';
import { evolveOrder, initialOrderState, type OrderState } from './order.js';
import { admin, at, line, place, shopper } from './order-commands.fixture.js';

/** A new account's COD order of 2 × p1 and 1 × p2, placed under the caps. */
function placedByNewAccount(): OrderState {
  const command = place('cod', [line(1200_00, 2, 'p1'), { ...line(1200_00, 1, 'p2'), lineNo: 2 }]);
  if (command.type !== 'PlaceOrder') throw new Error('unreachable');
  const events = decideOrder(
    { ...command, data: { ...command.data, codCaps: DEFAULT_COD_HOLD_CAPS, codHolds: { openCodOrders: 0, unitsHeld: {}, newAccountsHeld: {}, onSale: {} } } },
    initialOrderState(),
  );
  return events.reduce(evolveOrder, initialOrderState());
}
const then = (state: OrderState, command: OrderCommand) => decideOrder(command, state).reduce(evolveOrder, state);
const move = (status: 'confirmed' | 'shipped' | 'delivered' | 'cancelled' | 'pending'): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { status, generatedTrackingNumber: 'AWB1', by: admin, at: at(5) },
});
const accountFold = (events: CodAccountEvent[]) => events.reduce(evolveCodAccount, {} as CodAccountState);
const shareFold = (events: CodShareEvent[]) => events.reduce(evolveCodShare, {} as CodShareState);

describe('the COD ledgers of new accounts', () => {
  it('placing a new account’s COD order opens a hold of its units; an online order or an older account’s does not', () => {
    const placed = placedByNewAccount();
    expect(codHoldChange(initialOrderState(), placed)).toEqual({
      effect: 'open',
      reason: 'placed',
      hold: {
        orderId: 'o1',
        customerId: shopper,
        units: [
          { productId: 'p1', quantity: 2 },
          { productId: 'p2', quantity: 1 },
        ],
      },
    });
    const online = decideOrder(place('razorpay'), initialOrderState()).reduce(evolveOrder, initialOrderState());
    expect(codHoldChange(initialOrderState(), online)).toBeNull();
    // Without the caps (or for an older account) the order is no new account's: the ledgers never count it.
    const uncapped = decideOrder(place('cod'), initialOrderState()).reduce(evolveOrder, initialOrderState());
    expect(codHoldChange(initialOrderState(), uncapped)).toBeNull();
  });

  it('a hold ends when the order is delivered, cancelled, released, returned to origin, expired or deleted; confirming or shipping keeps it', () => {
    const placed = placedByNewAccount();
    const confirmed = then(placed, { type: 'ConfirmOrder', data: { by: shopper, at: at(1) } });
    expect(codHoldChange(placed, confirmed)).toBeNull();
    const shipped = then(confirmed, move('shipped'));
    expect(codHoldChange(confirmed, shipped)).toBeNull();
    expect(codHoldChange(shipped, then(shipped, move('delivered')))).toMatchObject({ effect: 'close', reason: 'delivered' });
    expect(codHoldChange(confirmed, then(confirmed, move('cancelled')))).toMatchObject({ effect: 'close', reason: 'cancelled' });
    const released = then(confirmed, { type: 'ReleaseCodHold', data: { reason: 'hoarding', by: admin, at: at(2) } });
    expect(codHoldChange(confirmed, released)).toMatchObject({ effect: 'close', reason: 'cancelled' });
    const rto = then(shipped, { type: 'TrackShipment', data: { trackingNumber: 'AWB1', stage: 'returned_to_origin', courierStatus: 'RTO', at: at(9) } });
    expect(codHoldChange(shipped, rto)).toMatchObject({ effect: 'close', reason: 'cancelled' });
    const expired = then(placed, { type: 'ExpireOrder', data: { at: at(60 * 25) } });
    expect(codHoldChange(placed, expired)).toMatchObject({ effect: 'close' });
    const deleted = then(released, { type: 'DeleteOrder', data: { by: admin, at: at(3) } });
    expect(codHoldChange(released, deleted)).toBeNull();
    // An admin reopening a cancelled order makes it a hold again.
    expect(codHoldChange(released, then(released, move('pending')))).toMatchObject({ effect: 'open', reason: 'reopened' });
  });

  it('the account ledger counts open orders and units per product; the share ledger the units of all new accounts', () => {
    const hold = { orderId: 'o1', customerId: shopper, units: [{ productId: 'p1', quantity: 2 }] };
    const opened = decideCodAccount({}, 'open', hold, 'placed', at(0));
    const second = decideCodAccount(accountFold(opened), 'open', { ...hold, orderId: 'o2', units: [{ productId: 'p1', quantity: 1 }] }, 'placed', at(1));
    const account = accountFold([...opened, ...second]);
    const share = shareFold([
      ...decideCodShare({}, 'open', 'p1', 'o1', 2, 'placed', at(0)),
      { type: 'CodShareTaken', data: { productId: 'p1', orderId: 'o9', quantity: 1, at: at(0) } },
    ]);
    expect(codHoldFactsFrom(account, { p1: share }, { p1: 12 })).toEqual({
      openCodOrders: 2,
      unitsHeld: { p1: 3 },
      newAccountsHeld: { p1: 3 },
      onSale: { p1: 12 },
    });

    // Closing removes the order; closing one the ledger does not show (or opening one twice) writes nothing.
    const closed = decideCodAccount(account, 'close', hold, 'delivered', at(2));
    expect(closed).toEqual([{ type: 'CodHoldClosed', data: { customerId: shopper, orderId: 'o1', reason: 'delivered', at: at(2) } }]);
    expect(codHoldFactsFrom(accountFold([...opened, ...second, ...closed]), {}, {}).openCodOrders).toBe(1);
    expect(decideCodAccount(accountFold(closed), 'close', hold, 'delivered', at(3))).toEqual([]);
    expect(decideCodAccount(account, 'open', hold, 'placed', at(3))).toEqual([]);
    expect(decideCodShare(share, 'close', 'p1', 'o9', 1, 'cancelled', at(3))).toEqual([
      { type: 'CodShareReturned', data: { productId: 'p1', orderId: 'o9', reason: 'cancelled', at: at(3) } },
    ]);
    expect(decideCodShare(share, 'close', 'p1', 'o7', 1, 'cancelled', at(3))).toEqual([]);
  });

  it('a ledger opened over holds that existed before it carries them over', () => {
    const account = accountFold([
      { type: 'CodHoldsCarriedOver', data: { customerId: shopper, orders: [{ orderId: 'o0', units: [{ productId: 'p1', quantity: 1 }] }], at: at(0) } },
    ]);
    const share = shareFold([{ type: 'CodShareCarriedOver', data: { productId: 'p1', orders: [{ orderId: 'o0', quantity: 1 }], at: at(0) } }]);
    expect(codHoldFactsFrom(account, { p1: share }, {})).toMatchObject({ openCodOrders: 1, unitsHeld: { p1: 1 }, newAccountsHeld: { p1: 1 } });
  });
});
