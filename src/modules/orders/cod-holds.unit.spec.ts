import { describe, expect, it } from 'vitest';
import type { OrderCommand } from './decide.js';
import { DEFAULT_COD_HOLD_CAPS, isNewAccount, newAccountsAllowance, type CodHoldFacts } from './cod-holds.js';
import type { OrderLine } from './order.js';
import { at, given, line, place, t0 } from './order-commands.fixture.js';

/** What a shopper holds: by default nothing, with plenty on sale; new accounts together hold at least this one's units. */
const holding = (f: Partial<CodHoldFacts> = {}): CodHoldFacts => ({
  openCodOrders: 0,
  unitsHeld: {},
  newAccountsHeld: f.unitsHeld ?? {},
  onSale: { p1: 100, p2: 100, p9: 100 },
  ...f,
});

/** PlaceOrder by a shopper with the given account facts and open COD holds, under the default new-account caps. */
function placeBy(
  account: { emailVerified?: boolean; registeredAt?: string },
  items: OrderLine[],
  codHolds: CodHoldFacts = holding(),
  paymentMethod: 'cod' | 'razorpay' = 'cod',
): OrderCommand {
  const command = place(paymentMethod, items);
  if (command.type !== 'PlaceOrder') throw new Error('unreachable');
  return { ...command, data: { ...command.data, customer: { ...command.data.customer, ...account }, codCaps: DEFAULT_COD_HOLD_CAPS, codHolds } };
}
const decide = (command: OrderCommand) => given([]).when(command).events();
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
    expect(decide(placeBy(fresh, [line(1200_00, 1)], holding({ openCodOrders: 1, unitsHeld: { p1: 1 } })))[0]!.type).toBe('OrderPlaced');
  });

  it('refuses (409) a new account more than 2 units of one product in one COD order', () => {
    expect(refusal(placeBy(fresh, [line(700_00, 3)]))).toEqual([409, `${RULE} 2 of Goku in cash-on-delivery orders. Please pay online for more.`]);
    expect(refusal(placeBy(verifiedYesterday, [line(700_00, 10)]))?.[0]).toBe(409);
  });

  it('counts the units its other open COD orders already hold', () => {
    expect(refusal(placeBy(fresh, [line(1200_00, 1)], holding({ openCodOrders: 1, unitsHeld: { p1: 2 } })))).toEqual([
      409,
      `${RULE} 2 of Goku in cash-on-delivery orders; you already have 2. Please pay online for more.`,
    ]);
  });

  it('refuses a third open COD order, whatever it holds', () => {
    expect(refusal(placeBy(fresh, [line(1200_00, 1, 'p9')], holding({ openCodOrders: 2, unitsHeld: {} })))).toEqual([
      409,
      `${RULE} 2 open cash-on-delivery orders; you have 2. Please pay online, or wait until one is delivered.`,
    ]);
  });

  it('new accounts together hold at most 20 % of a product (never less than one account may): the third of three fresh accounts is refused', () => {
    expect(newAccountsAllowance(DEFAULT_COD_HOLD_CAPS, 15, 0)).toBe(3);
    expect(newAccountsAllowance(DEFAULT_COD_HOLD_CAPS, 13, 2)).toBe(3);
    expect(newAccountsAllowance(DEFAULT_COD_HOLD_CAPS, 4, 0)).toBe(2);
    expect(newAccountsAllowance(DEFAULT_COD_HOLD_CAPS, 400, 100)).toBe(100);
    // 15 units: one fresh account holds 2 (13 on sale); another may add 1, not 2; then nobody new may add any.
    const after2 = holding({ newAccountsHeld: { p1: 2 }, onSale: { p1: 13 } });
    expect(refusal(placeBy(fresh, [line(7000_00, 2)], after2))).toEqual([
      409,
      'Goku is in high demand: new accounts together can hold only 3 of it in cash-on-delivery orders right now. Please pay online.',
    ]);
    expect(decide(placeBy(fresh, [line(7000_00, 1)], after2))[0]!.type).toBe('OrderPlaced');
    expect(refusal(placeBy(fresh, [line(7000_00, 1)], holding({ newAccountsHeld: { p1: 3 }, onSale: { p1: 12 } })))?.[0]).toBe(409);
    // An older verified account is not counted and not refused.
    expect(decide(placeBy(trusted, [line(7000_00, 5)], holding({ newAccountsHeld: { p1: 3 }, onSale: { p1: 12 } })))[0]!.type).toBe('OrderPlaced');
  });

  it('marks the order of a new account (it counts toward what new accounts hold together), and only that one', () => {
    const placedBy = (account: typeof fresh) => decide(placeBy(account, [line(1200_00, 1)]))[0]!.data as { codNewAccount?: true };
    expect(placedBy(fresh).codNewAccount).toBe(true);
    expect(placedBy(trusted).codNewAccount).toBeUndefined();
    expect((decide(placeBy(fresh, [line(1200_00, 1)], holding(), 'razorpay'))[0]!.data as { codNewAccount?: true }).codNewAccount).toBeUndefined();
  });

  it('leaves verified accounts older than 7 days, online payment, and an operator who turned the caps off alone', () => {
    expect(decide(placeBy(trusted, [line(700_00, 10)], holding({ openCodOrders: 2, unitsHeld: { p1: 0 } })))[0]!.type).toBe('OrderPlaced');
    expect(decide(placeBy(fresh, [line(700_00, 10)], holding({ openCodOrders: 5, unitsHeld: { p1: 5 } }), 'razorpay'))[0]!.type).toBe('OrderPlaced');
    expect(decide(place('cod', [line(700_00, 10)]))[0]!.type).toBe('OrderPlaced');
  });
});
