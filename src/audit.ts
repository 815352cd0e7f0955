import { readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadEnv } from './config/env.js';
import { connectToStore as connect } from './db/connect-to-store.js';
import { checkAnchor, takeAnchor, type Anchor } from './modules/audit/anchor.js';
import { verifyStoreChains } from './modules/audit/chain-sources.js';
import { orderAsOf } from './modules/audit/order-as-of.js';
import { resolveOrderId } from './modules/audit/resolve-order.js';
import { reconcileRevenue } from './modules/audit/revenue.js';
import { exportEvents } from './modules/audit/export.js';
import { exportQuery, historyQuery, revenueQuery } from './modules/audit/schemas.js';
import { orderStream } from './modules/orders/order.js';

const USAGE = `usage: npm run audit -- <command>
  verify [--anchor FILE]                  recompute every stream's hash chain; exit 1 on a break; with an anchor,
                                          also check that every chain head it recorded is still there, unchanged
  anchor                                  print every stream's chain head and their digest (JSON) to keep elsewhere
  order <ORDER-ID|AC-YYYY-NNNNNN> [--as-of ISO-TIME]
                                          the order as it stood at that moment, folded from its events
  revenue --from YYYY-MM-DD --to YYYY-MM-DD
                                          confirmed revenue from the events against the dashboard; exit 1 on a difference
  export [--from DATE|ISO-TIME] [--to DATE|ISO-TIME] [--format ndjson|csv]
                                          the events of that window in log order with their hashes, to stdout
  add --json to any command for machine-readable output`;

class UsageError extends Error {}

function readAnchor(file: string): Anchor {
  let parsed: Anchor;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Anchor;
  } catch (error) {
    throw new UsageError(`cannot read the anchor ${file}: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed?.heads) || typeof parsed.digest !== 'string') throw new UsageError(`${file} is not an anchor written by npm run audit -- anchor`);
  return parsed;
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Parses a query with the route's zod schema, so the CLI and the API accept exactly the same input. */
function parseWith<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

async function run(argv: string[], out: (line: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'as-of': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      anchor: { type: 'string' },
      format: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || !['verify', 'anchor', 'order', 'revenue', 'export'].includes(command))
    throw new UsageError(command ? `unknown command '${command}'` : 'a command is required');
  if (command === 'order' && rest.length !== 1) throw new UsageError('order needs exactly one order id or number');
  const asOf = command === 'order' ? (parseWith(historyQuery, { asOf: values['as-of'] }).asOf?.date ?? null) : null;
  const window = command === 'revenue' ? parseWith(revenueQuery, { from: values.from, to: values.to }) : null;
  const anchor = command === 'verify' && values.anchor ? readAnchor(values.anchor) : null;
  const exportWindow = command === 'export' ? parseWith(exportQuery, { from: values.from, to: values.to, format: values.format }) : null;

  const env = loadEnv();
  const db = await connect(env);
  try {
    if (command === 'export') {
      const stream = await exportEvents(db.store, exportWindow!, exportWindow!.format);
      if (!stream) throw new Error('The export reads the PostgreSQL log; with EventStoreDB use its own tools');
      await pipeline(stream, process.stdout, { end: false });
      return 0;
    }
    if (command === 'anchor') {
      out(JSON.stringify(await takeAnchor(db), null, 2));
      return 0;
    }
    if (command === 'verify') {
      const report = await verifyStoreChains(db.store);
      const anchored = anchor ? await checkAnchor(db, anchor) : null;
      if (values.json) out(JSON.stringify({ ...report, anchor: anchored }, null, 2));
      else {
        if (report.ok) out(`OK: ${report.events} events in ${report.streams} streams, every hash chain intact`);
        else {
          const first = report.breaks[0]!;
          out(`BROKEN: ${report.breaks.length} of ${report.streams} streams (${report.events} events checked)`);
          out(`first broken link: stream ${first.streamId} version ${first.version} event ${first.eventId}: ${first.kind}: ${first.reason}`);
          for (const b of report.breaks.slice(1)) out(`  also: stream ${b.streamId} version ${b.version} event ${b.eventId}: ${b.kind}`);
        }
        if (anchored?.ok) out(`ANCHOR OK: all ${anchored.checked} chain heads of the anchor taken ${anchor!.takenAt} are unchanged`);
        else if (anchored) {
          out(`ANCHOR BROKEN: ${anchored.mismatches.length} of ${anchored.checked} chain heads of the anchor taken ${anchor!.takenAt} changed`);
          for (const m of anchored.mismatches)
            out(`  stream ${m.stream} version ${m.version}: ${m.reason} (anchored ${m.anchored}, now ${m.found ?? 'missing'})`);
        }
      }
      return report.ok && (anchored?.ok ?? true) ? 0 : 1;
    }
    if (command === 'order') {
      const orderId = await resolveOrderId(db, rest[0]!);
      const events = await db.store.readStream(orderStream(orderId));
      const order = events.length ? orderAsOf(events, asOf) : null;
      if (!order) {
        out(events.length ? `Order ${rest[0]} had not been placed by ${asOf!.toISOString()}` : `Order ${rest[0]} not found`);
        return 1;
      }
      if (values.json) out(JSON.stringify({ asOf: asOf?.toISOString() ?? null, order }, null, 2));
      else {
        out(`Order ${order.orderNumber} (${order.orderId}) as of ${asOf?.toISOString() ?? 'now'}${order.deleted ? ' [deleted]' : ''}`);
        out(`  status ${order.status}, payment ${order.paymentStatus} (${order.paymentMethod})`);
        out(
          `  subtotal ${rupees(order.subtotal)} + shipping ${rupees(order.shipping)} = total ${rupees(order.total)}; paid ${rupees(order.paid)}, refunded ${rupees(order.refunded)}`,
        );
        for (const item of order.items) out(`  ${item.quantity} × ${item.name} at ${rupees(item.price)}`);
        if (order.trackingNumber) out(`  tracking ${order.trackingNumber}`);
        out(`  placed ${order.placedAt}; ${order.eventsApplied} of ${order.eventsTotal} events applied, the last at ${order.lastEventAt}`);
      }
      return 0;
    }
    const result = await reconcileRevenue(db.store, db.pool, window!);
    if (values.json) out(JSON.stringify(result, null, 2));
    else {
      out(`Confirmed revenue ${result.from} to ${result.to} (India time)`);
      out(`  from the events:     ${rupees(result.events.revenue)} in ${result.events.orders} orders`);
      out(`  dashboard read model: ${rupees(result.readModel.revenue)} in ${result.readModel.orders} orders`);
      if (result.orderEventsNotYetApplied > 0) {
        out(`  note: ${result.orderEventsNotYetApplied} order events are not in the read model yet (is the store running?); both sides stop at its checkpoint`);
      }
      for (const m of result.movedOnAfterRefund)
        out(`  ${m.orderNumber} (${m.orderId}): refunded ${m.refundedAt}, then moved to ${m.movedTo} ${m.movedAt} with no new payment`);
      if (result.differences.length === 0) out('  no difference');
      else {
        out(`  difference ${rupees(result.difference)} over ${result.differences.length} orders:`);
        for (const d of result.differences)
          out(`  ${d.orderNumber} (${d.orderId}): events ${rupees(d.events)}, read model ${rupees(d.readModel)}: ${d.reason}`);
      }
    }
    return result.differences.length === 0 && result.movedOnAfterRefund.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

run(
  process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
  (line) => console.log(line),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
