import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';
import { latestInvoice, taxInvoice } from '../gst/index.js';
import { invoiceSummaryOf, ordersOfCustomer } from '../orders/index.js';

/** India Standard Time: the financial year and the invoice date are Indian dates. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * The last day a tax invoice must be kept (CGST Act s.36, Rule 56): 72 months from the due date of the annual return
 * of its financial year, which is 31 December after the year ends (financial years run 1 April – 31 March).
 * An invoice of 24 Nov 2026 (FY 2026-27, return due 31 Dec 2027) is kept until 31 Dec 2033.
 */
export function retainUntil(invoiceDate: Date): string {
  const ist = new Date(invoiceDate.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const financialYearEnds = ist.getUTCMonth() >= 3 ? year + 1 : year; // months are 0-based: 3 is April
  return `${financialYearEnds + 6}-12-31`;
}

/** Orders that were sold (a tax invoice belongs to them): confirmed or later, or cancelled after being paid. */
const SOLD = new Set(['confirmed', 'processing', 'shipped', 'delivered']);

/**
 * Copies the customer's tax invoices into the retention store, while their key still opens the log (before it is
 * destroyed): the GST tax invoice as its JSON (built from InvoiceIssued and its credit notes, so the retained copy is
 * the one the shopper was given), or, for an order sold before GST invoicing, the order's invoice summary.
 */
export async function retainInvoices(pool: pg.Pool, store: EventStore, customerId: string, gstRate: number, by: string): Promise<number> {
  const orders = await ordersOfCustomer(pool, customerId, 100_000);
  let stored = 0;
  for (const order of orders) {
    const tax = await latestInvoice(store, order.id);
    const sold = SOLD.has(order.status) || (order.status === 'cancelled' && ['completed', 'refunded'].includes(order.paymentStatus));
    if (!tax && !sold) continue;
    const invoice = tax ? taxInvoice(tax.invoice, tax.creditNotes) : await invoiceSummaryOf(store, order);
    const date = new Date(tax ? tax.invoice.issuedAt : order.created_at);
    const { rowCount } = await pool.query(
      `insert into retained_invoices (order_id, order_number, customer_id, invoice, invoice_date, retain_until)
       values ($1, $2, $3, $4, $5, $6) on conflict (order_id) do nothing`,
      [order.id, order.orderNumber, customerId, JSON.stringify(invoice), date, retainUntil(date)],
    );
    if (rowCount) {
      await logAccess(pool, order.id, 'stored', by, 'personal data erased: seller copy kept for GST (72 months)');
      stored++;
    }
  }
  return stored;
}

async function logAccess(pool: Pick<pg.Pool, 'query'>, orderId: string, action: 'stored' | 'read' | 'purged', by: string, purpose: string) {
  await pool.query('insert into retention_access_log (order_id, action, accessed_by, purpose) values ($1, $2, $3, $4)', [orderId, action, by, purpose]);
}

/** A retained invoice, read for a stated purpose; the read is logged first. Null when none is kept for the order. */
export async function readRetainedInvoice(pool: pg.Pool, orderId: string, by: string, purpose: string) {
  const { rows } = await pool.query<{ order_id: string; order_number: string; invoice: unknown; retain_until: string }>(
    `select order_id, order_number, invoice, to_char(retain_until, 'YYYY-MM-DD') as retain_until from retained_invoices where order_id = $1 or order_number = $1`,
    [orderId],
  );
  const row = rows[0];
  if (!row) return null;
  await logAccess(pool, row.order_id, 'read', by, purpose);
  const log = await pool.query<{ action: string; accessed_by: string; purpose: string; at: Date }>(
    'select action, accessed_by, purpose, at from retention_access_log where order_id = $1 order by id',
    [row.order_id],
  );
  return {
    orderId: row.order_id,
    orderNumber: row.order_number,
    retainUntil: row.retain_until,
    invoice: row.invoice,
    accessLog: log.rows.map((r) => ({ action: r.action, by: r.accessed_by, purpose: r.purpose, at: r.at.toISOString() })),
  };
}

/** Deletes the invoices whose period has ended (retain_until before `today`, a YYYY-MM-DD date); answers how many. */
export async function purgeExpiredInvoices(pool: pg.Pool, today: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ order_id: string }>('delete from retained_invoices where retain_until < $1::date returning order_id', [today]);
    for (const row of rows) await logAccess(client, row.order_id, 'purged', 'system', 'retention period of 72 months ended');
    await client.query('commit');
    return rows.length;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
