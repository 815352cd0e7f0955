import { describe, expect, it } from 'vitest';
import { decideOrder, type OrderCommand } from './decide.js';
import { DEFAULT_COD_HOLD_CAPS, isNewAccount, NO_COD_HOLDS, type CodHoldFacts } from './cod-holds.js';
import { initialOrderState, type OrderLine } from './order.js';
import { at, line, place, t0 } from './order-commands.fixture.js';

/** PlaceOrder by a shopper with the given account facts and open COD holds, under the default new-account caps. */
function placeBy(
  account: { emailVerified?: boolean; registeredAt?: string },
  items: OrderLine[],
  codHolds: CodHoldFacts = NO_COD_HOLDS,
  paymentMethod: 'cod' | 'razorpay' = 'cod',
): OrderCommand {
  const command = place(paymentMethod, items);
  if (command.type !== 'PlaceOrder') throw new Error('unreachable');
  return { ...command, data: { ...command.data, customer: { ...command.data.customer, ...account }, codCaps: DEFAULT_COD_HOLD_CAPS, codHolds } };
}
const decide = (command: OrderCommand) => decideOrder(command, initialOrderState());
const refusal = (command: OrderCommand) => {
  try {
    decide(command);
    return null;
  } catch (e) {
    return [(e as { statusCode: number }).statusCode, (e as Error).message];
  }
};

const daysBefore = (days: number) => new Date(Date.parse(t0) - days * 86_400_000).toISOString();
const fresh = { emailVerified: false, registeredAt: at(-5) };
const verifiedYesterday = { emailVerified: true, registeredAt: daysBefore(1) };
const trusted = { emailVerified: true, registeredAt: daysBefore(30) };
const RULE = 'New accounts (e-mail address not verified, or opened less than 7 days ago) can hold at most';

describe('new accounts and cash on delivery', () => {
  it('an account is new while its address is unverified, or for 7 days after it was opened', () => {
    expect(isNewAccount(fresh, 7, t0)).toBe(true);
    expect(isNewAccount({ emailVerified: false, registeredAt: daysBefore(400) }, 7, t0)).toBe(true);
    expect(isNewAccount(verifiedYesterday, 7, t0)).toBe(true);
    expect(isNewAccount({ emailVerified: true, registeredAt: daysBefore(7) }, 7, t0)).toBe(false);
    expect(isNewAccount(trusted, 7, t0)).toBe(false);
    expect(isNewAccount(verifiedYesterday, 0, t0)).toBe(false);
  });

  it("an honest new shopper's first COD order (two units, or one of each of several figures) is placed", () => {
    expect(decide(placeBy(fresh, [line(1200_00, 2)]))[0]!.type).toBe('OrderPlaced');
    const several = [line(600_00, 1, 'p1'), { ...line(600_00, 2, 'p2'), lineNo: 2 }];
    expect(decide(placeBy(fresh, several))[0]!.type).toBe('OrderPlaced');
    expect(decide(placeBy(fresh, [line(1200_00, 1)], { openCodOrders: 1, unitsHeld: { p1: 1 } }))[0]!.type).toBe('OrderPlaced');
  });

  it('refuses (409) a new account more than 2 units of one product in one COD order', () => {
    expect(refusal(placeBy(fresh, [line(700_00, 3)]))).toEqual([409, `${RULE} 2 of Goku in cash-on-delivery orders. Please pay online for more.`]);
    expect(refusal(placeBy(verifiedYesterday, [line(700_00, 10)]))?.[0]).toBe(409);
  });

  it('counts the units its other open COD orders already hold', () => {
    expect(refusal(placeBy(fresh, [line(1200_00, 1)], { openCodOrders: 1, unitsHeld: { p1: 2 } }))).toEqual([
      409,
      `${RULE} 2 of Goku in cash-on-delivery orders; you already have 2. Please pay online for more.`,
    ]);
  });

  it('refuses a third open COD order, whatever it holds', () => {
    expect(refusal(placeBy(fresh, [line(1200_00, 1, 'p9')], { openCodOrders: 2, unitsHeld: {} }))).toEqual([
      409,
      `${RULE} 2 open cash-on-delivery orders; you have 2. Please pay online, or wait until one is delivered.`,
    ]);
  });

  it('leaves verified accounts older than 7 days, online payment, and an operator who turned the caps off alone', () => {
    expect(decide(placeBy(trusted, [line(700_00, 10)], { openCodOrders: 2, unitsHeld: { p1: 0 } }))[0]!.type).toBe('OrderPlaced');
    expect(decide(placeBy(fresh, [line(700_00, 10)], { openCodOrders: 5, unitsHeld: { p1: 5 } }, 'razorpay'))[0]!.type).toBe('OrderPlaced');
    expect(decide(place('cod', [line(700_00, 10)]))[0]!.type).toBe('OrderPlaced');
  });
});
