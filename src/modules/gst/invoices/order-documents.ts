import { localLocks, toNewEvents, type CommandContext } from '../../../core/command-handler.js';
import type { EventStore, StreamWrite } from '../../../core/event-store.js';
import { productStream } from '../../catalogue/index.js';
import { categoryDefaults } from '../category-defaults.js';
import { invoiceInForce, seriesStream, taxDocumentsStream, type DocumentSeries, type TaxDocumentEvent } from './documents.js';
import { documentNumber, financialYearOf } from '../../../shared/financial-year.js';
import { buildCreditNote, buildInvoiceIssued, buildReturnCreditNote, linesInForce, type Classification, type InvoicedOrder } from './issue-invoice.js';
import { gstSettings, type GstSettings } from '../settings.js';

/**
 * The moment of invoicing (docs/gst.md): the order starts to count as revenue — confirmed or later with its money
 * there (a COD order confirmed, an online order paid; see docs/decisions/0013-after-sale.md). An invoiced order that
 * stops counting (cancelled, refunded) gets a credit note. So an invoice is in force exactly while the order counts.
 */
export const INVOICED_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

export interface OrderTransition {
  order: InvoicedOrder;
  statusBefore: string;
  statusAfter: string;
  /** The order's payment is refunded by this change (a cancelled paid order). */
  refunded: boolean;
  /** Whether the order counts as revenue before and after the change (countsAsRevenue of the orders module). */
  countedBefore: boolean;
  countedAfter: boolean;
  at: string;
}

/** The series' last number known to this process, per store (null: read it); reset when an append fails. */
const known = new WeakMap<EventStore, Map<string, number>>();

async function seriesVersion(store: EventStore, stream: string): Promise<number> {
  const cache = known.get(store) ?? new Map<string, number>();
  known.set(store, cache);
  const cached = cache.get(stream);
  // Read on from what this process knows (another instance may have appended since: its events are read too).
  const from = cached === undefined ? 0 : cached + 1;
  const after = await store.readStream(stream, from);
  return (cached ?? -1) + after.length;
}

async function classifier(store: EventStore, settings: GstSettings, order: InvoicedOrder): Promise<(item: InvoicedOrder['items'][number]) => Classification> {
  const own = new Map<string, { hsn?: string; gstRate?: number }>();
  const defaults = await categoryDefaults(store, settings);
  await Promise.all(
    [...new Set(order.items.map((i) => i.productId))].map(async (productId) => {
      const events = await store.readStream(productStream(productId));
      const last = [...events].reverse().find((e) => e.type === 'ProductAdded' || e.type === 'ProductUpdated');
      if (last) own.set(productId, last.data as { hsn?: string; gstRate?: number });
    }),
  );
  return (item) => {
    const fallback = defaults[item.category] ?? { hsn: '9503', rate: 18 };
    const product = own.get(item.productId);
    return { hsn: product?.hsn ?? fallback.hsn, rate: product?.gstRate ?? fallback.rate };
  };
}

/**
 * Runs the order's append with the tax documents its change calls for: the invoice when it becomes confirmed (or
 * later) without one in force, a credit note when an invoiced order is cancelled. The document, its number claim on
 * the series stream (expectedVersion: unique and gap-free across instances) and the order's own writes go in ONE
 * append; inside this process the series is taken under a lock, so concurrent confirmations queue instead of
 * conflicting. A conflict from another instance surfaces as WrongExpectedVersionError on a tax-document stream and
 * the order command retries (isTaxDocumentStream).
 */
/** The series a change would take a number from (null: it issues no document), before reading the documents stream. */
export function seriesOf(change: OrderTransition | null): DocumentSeries | null {
  if (!change) return null;
  // An order that counts and moves on (or starts to count) has an invoice in force; one without gets it now.
  if (change.countedAfter && (!change.countedBefore || change.statusBefore !== change.statusAfter)) return 'invoice';
  // One that stops counting, or is cancelled, has its invoice (if any) reversed.
  if (!change.countedAfter && (change.countedBefore || (change.statusAfter === 'cancelled' && change.statusBefore !== 'cancelled'))) return 'credit-note';
  return null;
}

/**
 * The series stream a change may claim a number on, for the command's in-process lock (so that concurrent
 * confirmations in one process queue instead of conflicting); none when the change issues no document.
 */
export function taxDocumentLockStreams(change: OrderTransition | null): string[] {
  const series = seriesOf(change);
  return series ? [seriesStream(series, financialYearOf(change!.at))] : [];
}

/**
 * The writes of the tax document a change calls for: the invoice when the order becomes confirmed (or later) without
 * one in force, a credit note when an invoiced order is cancelled — the document on the order's documents stream and
 * its number claim on the series stream (expectedVersion: unique and gap-free across instances). They go in the same
 * append as the order's own writes; call `appended()` once that append succeeded. A conflict from another instance
 * surfaces as WrongExpectedVersionError on a tax-document stream and the order command decides again.
 */
export async function taxDocumentWrites(
  store: EventStore,
  change: OrderTransition | null,
  context: CommandContext,
): Promise<{ writes: StreamWrite[]; appended: () => void }> {
  const none = { writes: [], appended: () => {} };
  const series = seriesOf(change);
  if (!change || !series) return none;
  const docsStream = taxDocumentsStream(change.order.orderId);
  const past = await store.readStream(docsStream);
  const open = invoiceInForce(past as unknown as TaxDocumentEvent[]);
  // An invoice its returns credited in full has nothing left to reverse; an order that starts to count again (reopened
  // and paid anew) gets a new one.
  const spent = open !== null && linesInForce(open.invoice, open.creditNotes).length === 0;
  if (series === 'invoice' && open && !(spent && !change.countedBefore)) return none;
  if (series === 'credit-note' && !open) return none;
  // A credit note reverses what is still in force: nothing when returns credited all of it.
  const creditNote =
    series === 'credit-note'
      ? buildCreditNote({
          invoice: open!.invoice,
          creditNotes: open!.creditNotes,
          creditNoteNumber: 'pending',
          financialYear: financialYearOf(change.at),
          issuedAt: change.at,
          reason: change.refunded ? 'refunded' : 'cancelled',
        })
      : null;
  if (series === 'credit-note' && !creditNote) return none;
  const settings = gstSettings();
  const financialYear = financialYearOf(change.at);
  const counter = seriesStream(series, financialYear);
  const classify = series === 'invoice' ? await classifier(store, settings, change.order) : null;
  const version = await seriesVersion(store, counter);
  const number = version + 2;
  const prefix = series === 'invoice' ? settings.invoicePrefix : settings.creditNotePrefix;
  const docNumber = documentNumber(prefix, financialYear, number);
  const document =
    series === 'invoice'
      ? {
          type: 'InvoiceIssued',
          data: buildInvoiceIssued({ order: change.order, invoiceNumber: docNumber, financialYear, issuedAt: change.at, settings, classify: classify! }),
        }
      : { type: 'CreditNoteIssued', data: { ...creditNote!, creditNoteNumber: docNumber } };
  const claim = { type: 'DocumentNumberClaimed', data: { series, financialYear, number, documentNumber: docNumber, orderId: change.order.orderId } };
  const writes: StreamWrite[] = [
    { streamId: docsStream, events: toNewEvents([document], context), expectedVersion: past.length === 0 ? 'no_stream' : past.length - 1 },
    { streamId: counter, events: toNewEvents([claim], context), expectedVersion: version < 0 ? 'no_stream' : version },
  ];
  // Only ever a lower bound of the series' version, so reading on from it is safe after any later failure too.
  return { writes, appended: () => known.get(store)!.set(counter, version + 1) };
}

/** The series stream a return's refund claims its credit note's number on (for the command's in-process lock). */
export const returnCreditNoteLockStreams = (at: string) => [seriesStream('credit-note', financialYearOf(at))];

/**
 * The credit note of a refunded return: the returned units of the invoice in force, each at what was paid for them
 * (a line's coupon share comes off), with its number claim on the credit-note series, as writes for the order's
 * append (same rules as taxDocumentWrites). None when the order has no invoice in force.
 */
export async function returnCreditNoteWrites(
  store: EventStore,
  input: { orderId: string; returnId: string; lines: { productId: string; quantity: number; grossPaise: number }[]; at: string },
  context: CommandContext,
): Promise<{ writes: StreamWrite[]; appended: () => void }> {
  const docsStream = taxDocumentsStream(input.orderId);
  const past = await store.readStream(docsStream);
  const open = invoiceInForce(past as unknown as TaxDocumentEvent[]);
  if (!open) return { writes: [], appended: () => {} };
  const settings = gstSettings();
  const financialYear = financialYearOf(input.at);
  const counter = seriesStream('credit-note', financialYear);
  const version = await seriesVersion(store, counter);
  const number = version + 2;
  const docNumber = documentNumber(settings.creditNotePrefix, financialYear, number);
  const note = buildReturnCreditNote({
    invoice: open.invoice,
    creditNotes: open.creditNotes,
    creditNoteNumber: docNumber,
    financialYear,
    issuedAt: input.at,
    returnId: input.returnId,
    lines: input.lines,
  });
  const claim = { type: 'DocumentNumberClaimed', data: { series: 'credit-note', financialYear, number, documentNumber: docNumber, orderId: input.orderId } };
  const writes: StreamWrite[] = [
    { streamId: docsStream, events: toNewEvents([{ type: 'CreditNoteIssued', data: note }], context), expectedVersion: past.length - 1 },
    { streamId: counter, events: toNewEvents([claim], context), expectedVersion: version < 0 ? 'no_stream' : version },
  ];
  return { writes, appended: () => known.get(store)!.set(counter, version + 1) };
}

/** Runs `append` with the tax documents `change` calls for, under the in-process lock of the series (see taxDocumentWrites). */
export async function withTaxDocuments<R>(
  store: EventStore,
  change: OrderTransition | null,
  context: CommandContext,
  append: (documentWrites: StreamWrite[]) => Promise<R>,
): Promise<R> {
  return localLocks(store).run(taxDocumentLockStreams(change), async () => {
    const docs = await taxDocumentWrites(store, change, context);
    const result = await append(docs.writes);
    docs.appended();
    return result;
  });
}

/**
 * The GST an order's total contains, each line at its own rate (goods by the product's or its category's HSN rate,
 * shipping at its SAC rate): the figure its tax invoice will show, for the invoice summary served before that is issued.
 */
export async function gstContainedInOrder(store: EventStore, order: InvoicedOrder, at: string): Promise<number> {
  const settings = gstSettings();
  const classify = await classifier(store, settings, order);
  return buildInvoiceIssued({ order, invoiceNumber: 'preview', financialYear: financialYearOf(at), issuedAt: at, settings, classify }).totals.taxPaise;
}
