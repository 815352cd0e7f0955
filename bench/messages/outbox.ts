/**
 * The outbox at 1,000 orders, against a real SMTP server in this process (smtp-server; the store's sender talks to it
 * through nodemailer over SMTP_URL, as in production):
 *  1. live: 1,000 cash-on-delivery orders placed by 8 concurrent shoppers while the sender runs; the lag from the
 *     OrderPlaced event's commit to the message queued in the outbox, and to the message accepted by the SMTP server
 *     (p50/p99/max);
 *  2. drain: the sender stopped, 1,000 orders queued, then the sender started: messages per second until the outbox
 *     is empty (compose from the log + React render + SMTP).
 * Usage: npx tsx bench/messages/outbox.ts [--orders 1000 --shoppers 8]
 */
import { placeOrder } from '../../src/modules/orders/index.js';
import { UNCAPPED_HOLDS } from '../../src/modules/orders/holds.js';
import { MESSAGE_KINDS, MessageSender, smtpTransport } from '../../src/modules/messages/index.js';
import { startTestSmtpServer } from '../../src/modules/messages/test-smtp.js';
import { createTestProduct } from '../../tests/helpers/test-products.js';
import { arg, benchSignUp, loadAverage, withBenchStore } from '../lib/harness.js';

const orders = arg('orders', 1000);
const shoppers = arg('shoppers', 8);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${pct(s, 50).toFixed(0)} ms, p99 ${pct(s, 99).toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
};

async function main() {
  const smtp = await startTestSmtpServer();
  console.log(`outbox bench: ${orders} orders, ${shoppers} shoppers at once; ${loadAverage()}`);
  try {
    await withBenchStore({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'orders@bench.example.in' } }, async ({ runtime, app }) => {
      const product = await createTestProduct(runtime, { price: 1299, stock: 1_000_000 });
      const people = await Promise.all(Array.from({ length: shoppers }, () => benchSignUp(app)));
      const placeAll = async () => {
        let next = 0;
        await Promise.all(
          people.map(async (p) => {
            while (next < orders) {
              next++;
              await placeOrder(
                { store: runtime.store, pool: runtime.pool, holdCaps: UNCAPPED_HOLDS },
                {
                  customerId: p.user.id,
                  lines: [{ productId: product.id, quantity: 1 }],
                  paymentMethod: 'cod',
                  shippingAddress: {
                    name: 'Bench',
                    address: '1 Marine Drive',
                    addressLine2: '',
                    city: 'Mumbai',
                    state: 'Maharashtra',
                    pincode: '400001',
                    phone: '',
                  },
                },
                { userId: p.user.id },
              );
            }
          }),
        );
      };
      const waitForMail = async (count: number) => {
        await smtp.waitFor(count, 600_000);
      };

      // 1. Live: the module's own sender, woken by the outbox projector.
      const start = Date.now();
      await placeAll();
      const placedMs = Date.now() - start;
      await waitForMail(orders);
      // The server's acceptance comes just before the 'sent' record: wait for the records too.
      while ((await runtime.pool.query(`select 1 from message_outbox where state = 'sent'`)).rowCount! < orders) await new Promise((r) => setTimeout(r, 50));
      const { rows } = await runtime.pool.query<{ queued: number; sent: number }>(
        `select extract(epoch from (queued_at - event_at)) * 1000 as queued, extract(epoch from (sent_at - event_at)) * 1000 as sent
           from message_outbox where kind = 'order-placed' and state = 'sent'`,
      );
      console.log(
        `live: ${orders} orders placed in ${(placedMs / 1000).toFixed(1)} s (${((orders * 1000) / placedMs).toFixed(0)}/s); ${rows.length} messages sent`,
      );
      console.log(`  event → queued in the outbox: ${summary(rows.map((r) => Number(r.queued)))}`);
      console.log(`  event → accepted by the SMTP server: ${summary(rows.map((r) => Number(r.sent)))}`);
      console.log(`  (${loadAverage()})`);

      // 2. Drain: queue 1,000 with the module's sender stopped, then one sender empties the outbox.
      await runtime.modules.find((m) => m.name === 'messages')!.stop!();
      await placeAll();
      await runtime.projections.waitFor(await runtime.store.headPosition(), ['messages'], 120_000);
      const sender = new MessageSender(runtime, smtpTransport(smtp.url), MESSAGE_KINDS, { batch: 100 });
      const before = smtp.received.length;
      const t0 = Date.now();
      while ((await sender.runOnce()) > 0);
      const drainMs = Date.now() - t0;
      await sender.stop();
      const sent = smtp.received.length - before;
      console.log(
        `drain: ${sent} queued messages sent in ${(drainMs / 1000).toFixed(1)} s: ${((sent * 1000) / drainMs).toFixed(0)} messages/s (${loadAverage()})`,
      );
    });
  } finally {
    await smtp.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
