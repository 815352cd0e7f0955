/**
 * Revenue reconciliation over N orders, some with returns: the orders are decided by the order decider (placed,
 * confirmed, shipped, delivered; every 5th returns one unit, approved and received, so it is refunded) and appended
 * one stream each, the projectors catch up, then `reconcileRevenue` (the auditor's check: every order folded from the
 * log against the orders read model) is timed three times; the median is the figure. It must report difference 0.
 * Usage: npx tsx bench/orders/reconcile-returns.ts [--orders 5000]
 */
import { toNewEvents } from '../../src/core/command-handler.js';
import { reconcileRevenue } from '../../src/modules/audit/revenue.js';
import { decideOrder, type OrderCommand } from '../../src/modules/orders/decide.js';
import { DEFAULT_HOLD_CAPS, NO_HOLDS } from '../../src/modules/orders/holds.js';
import { evolveOrder, initialOrderState, orderStream, type OrderEvent, type OrderState } from '../../src/modules/orders/order.js';
import { arg, loadAverage, withBenchStore } from '../lib/harness.js';

const orders = arg('orders', 5000);
const t0 = Date.parse('2026-11-01T06:00:00.000Z');
const at = (orderNo: number, minutes: number) => new Date(t0 + orderNo * 60_000 + minutes * 60_000).toISOString();

function history(orderNo: number, customerId: string): OrderEvent[] {
  const orderId = `bench-return-${orderNo}`;
  const cod = orderNo % 2 === 0;
  const quantity = 1 + (orderNo % 3);
  let state: OrderState = initialOrderState();
  const events: OrderEvent[] = [];
  const apply = (command: OrderCommand) => {
    const decided = decideOrder(command, state);
    state = decided.reduce(evolveOrder, state);
    events.push(...decided);
  };
  apply({
    type: 'PlaceOrder',
    data: {
      orderId,
      orderNumber: `AC-2026-${String(orderNo + 1).padStart(6, '0')}`,
      customer: { id: customerId, name: 'Bench Shopper', email: 'bench@example.in' },
      items: [{ lineNo: 1, productId: `bench-${orderNo % 50}`, name: 'Bench Figure', image: '', category: 'Anime Figures', unitPricePaise: 1499_00, quantity }],
      paymentMethod: cod ? 'cod' : 'razorpay',
      shippingAddress: { name: 'Bench', address: '1 Road', addressLine2: '', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '' },
      holds: NO_HOLDS,
      caps: DEFAULT_HOLD_CAPS,
      at: at(orderNo, 0),
    },
  });
  const total = 1499_00 * quantity;
  if (!cod) {
    apply({
      type: 'RecordPaymentOrder',
      data: { providerOrderId: `po-${orderNo}`, amountPaise: total, provider: 'simulator', by: customerId, at: at(orderNo, 1) },
    });
    apply({
      type: 'ConfirmPayment',
      data: { providerOrderId: `po-${orderNo}`, paymentId: `pay-${orderNo}`, amountPaise: total, via: 'verify', by: customerId, at: at(orderNo, 2) },
    });
  }
  apply({ type: 'ConfirmOrder', data: { by: customerId, at: at(orderNo, 3) } });
  for (const [status, minutes] of [
    ['shipped', 60],
    ['delivered', 3000],
  ] as const) {
    apply({ type: 'ChangeOrderStatus', data: { status, generatedTrackingNumber: `AWB${orderNo}`, by: 'admin', at: at(orderNo, minutes) } });
  }
  if (orderNo % 5 === 0) {
    const returnId = `ret-${orderNo}`;
    apply({
      type: 'RequestReturn',
      data: {
        returnId,
        items: [{ productId: `bench-${orderNo % 50}`, quantity: 1 }],
        reason: 'Damaged',
        upiId: 'bench@okaxis',
        by: customerId,
        at: at(orderNo, 4000),
      },
    });
    apply({ type: 'ApproveReturn', data: { returnId, pickup: { awb: `SIMR${orderNo}`, courier: 'Simulator Express' }, by: 'admin', at: at(orderNo, 4100) } });
    apply({
      type: 'ReceiveReturn',
      data: { returnId, resellable: [{ productId: `bench-${orderNo % 50}`, quantity: orderNo % 2 }], by: 'admin', at: at(orderNo, 6000) },
    });
  }
  return events;
}

await withBenchStore({}, async ({ runtime, shopper }) => {
  const seeded = performance.now();
  let last = null as Awaited<ReturnType<typeof runtime.store.append>> | null;
  let returns = 0;
  for (let n = 0; n < orders; n++) {
    const events = history(n, shopper.user.id);
    if (events.some((e) => e.type === 'ReturnRefunded')) returns++;
    last = await runtime.store.append(orderStream(`bench-return-${n}`), toNewEvents(events, { userId: null, correlationId: `bench-${n}` }), {
      expectedVersion: 'no_stream',
    });
  }
  await runtime.projections.waitFor(last!.position, ['orders'], 600_000);
  console.log(`appended ${orders} orders (${returns} with a refunded return) and projected them in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const times: number[] = [];
  let result = null as Awaited<ReturnType<typeof reconcileRevenue>> | null;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    result = await reconcileRevenue(runtime.store, runtime.pool, { from: '2026-01-01', to: '2026-12-31' });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const r = result!;
  console.log(
    JSON.stringify({
      orders,
      withReturns: returns,
      eventsSide: r.events,
      readModelSide: r.readModel,
      difference: r.difference,
      differences: r.differences.length,
      medianMs: Math.round(times[1]!),
      runsMs: times.map(Math.round),
      load: loadAverage(),
    }),
  );
  if (r.difference !== 0 || r.differences.length > 0 || r.events.orders !== orders) process.exitCode = 1;
});
