/**
 * Courier webhook updates per second, over loopback HTTP against a full store (simulator courier, real PostgreSQL):
 *  1. N cash-on-delivery orders are placed and confirmed by a shopper, then and shipped by the admin (each books a simulated shipment);
 *  2. M = 3 × N tracking updates in Shiprocket's shape (IN TRANSIT, OUT FOR DELIVERY, DELIVERED for every AWB, one
 *     stage after the other) are posted to /api/shipping/webhook by C concurrent senders: updates applied per second
 *     and the latency of each (p50/p99);
 *  3. N replays of an old update (answered applied: false, nothing written): updates per second.
 * Usage: npx tsx bench/shipping/webhook-updates.ts [--orders 300 --senders 8]
 */
import type { AddressInfo } from 'node:net';
import { createTestProduct } from '../../tests/helpers/test-products.js';
import { arg, loadAverage, percentile, runBench, withBenchStore } from '../lib/harness.js';

const orders = arg('orders', 300);
const senders = arg('senders', 8);
const TOKEN = 'bench-webhook-token-0123456789';

/** Runs `work` over `items` with `width` workers; returns each item's latency in ms. */
async function pooled<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const started = performance.now();
        await work(item);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

const line = (label: string, count: number, ms: number, latencies: number[]) =>
  console.log(
    `${label.padEnd(34)} ${String(count).padStart(6)} in ${(ms / 1000).toFixed(1)} s: ${((count * 1000) / ms).toFixed(0).padStart(5)} /s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ${loadAverage()}`,
  );

async function main() {
  console.log(`webhook bench: ${orders} orders, ${senders} senders; ${loadAverage()}`);
  await withBenchStore({ env: { SHIPPING_WEBHOOK_TOKEN: TOKEN } }, async ({ runtime, app, admin, shopper }) => {
    const product = await createTestProduct(runtime, { price: 1299, stock: 1_000_000 });
    const ids: string[] = [];
    for (let i = 0; i < orders; i++) {
      const placed = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.auth,
        payload: {
          items: [{ id: product.id, quantity: 1 }],
          shipping_address: '1 Marine Drive',
          shipping_city: 'Mumbai',
          shipping_state: 'Maharashtra',
          shipping_pincode: '400001',
          shipping_phone: '9876543210',
          payment_method: 'cod',
        },
      });
      if (placed.statusCode >= 300) throw new Error(`place failed: ${placed.body}`);
      const orderId = (placed.json() as { order: { id: string } }).order.id;
      const confirmed = await app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, headers: shopper.auth, payload: { status: 'confirmed' } });
      if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
      ids.push(orderId);
    }
    const awbs: string[] = [];
    let started = performance.now();
    const shipLatencies = await pooled(ids, senders, async (id) => {
      const shipped = await app.inject({ method: 'PUT', url: `/api/admin/orders/${id}/status`, headers: admin.auth, payload: { status: 'shipped' } });
      if (shipped.statusCode !== 200) throw new Error(`ship failed: ${shipped.body}`);
      awbs.push((shipped.json() as { order: { trackingNumber: string } }).order.trackingNumber);
    });
    line('orders shipped (booking included)', ids.length, performance.now() - started, shipLatencies);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/shipping/webhook`;
    const post = async (awb: string, status: string, expectApplied: boolean) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': TOKEN },
        body: JSON.stringify({
          awb,
          courier_name: 'Simulator Express',
          current_status: status,
          current_timestamp: '28 11 2026 15:32:17',
          scans: [{ location: 'Bhiwandi Hub' }],
          is_return: 0,
        }),
      });
      const body = (await response.json()) as { applied?: boolean };
      if (response.status !== 200 || body.applied !== expectApplied)
        throw new Error(`webhook ${status} for ${awb}: ${response.status} ${JSON.stringify(body)}`);
    };

    started = performance.now();
    const latencies: number[] = [];
    for (const status of ['IN TRANSIT', 'OUT FOR DELIVERY', 'DELIVERED']) latencies.push(...(await pooled(awbs, senders, (awb) => post(awb, status, true))));
    line('webhook updates applied', latencies.length, performance.now() - started, latencies);

    started = performance.now();
    const replays = await pooled(awbs, senders, (awb) => post(awb, 'IN TRANSIT', false));
    line('webhook replays (nothing written)', replays.length, performance.now() - started, replays);
  });
}

runBench(main);
