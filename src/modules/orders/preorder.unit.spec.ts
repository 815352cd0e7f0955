import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../core/errors.js';
import { PREORDER_MESSAGES } from '../../shared/preorder.js';
import type { OrderCommand } from './decide.js';
import type { OrderEvent, OrderStatus } from './order.js';
import { admin, given, line, place, shopper } from './order-commands.fixture.js';
import { preorderLine } from './preorder-line.js';
import { formatReleaseDate, shipsFrom } from './preorder-rules.js';

const figure = { ...line(2999_00), releaseDate: '2026-03-15' };
const keychain = { ...line(499_00, 3, 'p2'), lineNo: 2 };
const status = (s: OrderStatus, at: string): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { status: s, generatedTrackingNumber: 'AWBGEN', by: admin, at },
});
const paidPreorder = (): OrderEvent[] => {
  const h = given([])
    .when(place('razorpay', [figure, keychain]))
    .events();
  const then = (command: OrderCommand) => h.push(...given(h).when(command).events());
  then({
    type: 'RecordPaymentOrder',
    data: { providerOrderId: 'order_A', amountPaise: 4496_00, provider: 'simulator', by: shopper, at: '2026-01-10T10:01:00.000Z' },
  });
  then({
    type: 'ConfirmPayment',
    data: { providerOrderId: 'order_A', paymentId: 'pay_1', amountPaise: 4496_00, via: 'verify', by: shopper, at: '2026-01-10T10:02:00.000Z' },
  });
  return h;
};

describe('pre-order lines in the order decider', () => {
  it('refuses cash on delivery for an order with a pre-order line, and places it paid online', () => {
    expect(() =>
      given([])
        .when(place('cod', [figure, keychain]))
        .events(),
    ).toThrow(new ValidationError(PREORDER_MESSAGES.onlineOnly));
    const [placed] = given([])
      .when(place('razorpay', [figure, keychain]))
      .events();
    expect(placed!.type === 'OrderPlaced' && placed!.data.items.map((l) => l.releaseDate)).toEqual(['2026-03-15', undefined]);
    // The same cart without the pre-order is a cash-on-delivery order as before.
    expect(
      given([])
        .when(place('cod', [{ ...figure, releaseDate: undefined }, keychain]))
        .events(),
    ).toHaveLength(1);
  });

  it('refuses to ship (or deliver) before the release date begins in India: 409; from that day on it ships', () => {
    const message = PREORDER_MESSAGES.shipBeforeRelease('15 Mar 2026');
    // 14 Mar 2026 18:29 UTC is 23:59 IST on the 14th; a minute later it is the 15th in India.
    for (const to of ['shipped', 'delivered'] as const) {
      expect(() => given(paidPreorder()).when(status(to, '2026-03-14T18:29:00.000Z')).events()).toThrow(new ConflictError(message));
    }
    expect(given(paidPreorder()).when(status('shipped', '2026-03-14T18:30:00.000Z')).events()[0]).toMatchObject({ type: 'OrderStatusChanged' });
    // Other moves before release stay open (confirmed, processing, cancelled).
    expect(given(paidPreorder()).when(status('processing', '2026-01-11T00:00:00.000Z')).events()).toHaveLength(1);
  });

  it('the latest release date decides; a line is a pre-order only while its product is not released in India', () => {
    expect(shipsFrom([figure, { ...keychain, releaseDate: '2026-04-01' }])).toBe('2026-04-01');
    expect(shipsFrom([keychain])).toBeNull();
    expect(preorderLine(keychain, '2026-03-15', new Date('2026-03-14T18:29:59.999Z')).releaseDate).toBe('2026-03-15');
    expect(preorderLine(keychain, '2026-03-15', new Date('2026-03-14T18:30:00.000Z'))).not.toHaveProperty('releaseDate');
    expect(preorderLine(keychain, null, new Date('2026-01-01T00:00:00.000Z'))).toBe(keychain);
    expect(formatReleaseDate('2027-01-05')).toBe('5 Jan 2027');
  });
});
