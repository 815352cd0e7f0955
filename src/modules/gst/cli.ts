import { parseArgs } from 'node:util';
import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';
import { gstr1, gstr1Csv, gstr1CsvAll } from './gstr1.js';
import { reconcileGst } from './reconcile.js';
import { gstr1Query } from './schemas.js';
import { gstSettings } from './settings.js';

export const GST_USAGE = `usage: npm run gst -- <command>
  gstr1 --month YYYY-MM [--format json|csv] [--sheet b2cs|hsn|docs]
                        the month's GSTR-1 (B2CS, HSN summary, documents issued); CSV in the offline tool's columns
  reconcile --month YYYY-MM
                        the return's tax against the month's InvoiceIssued minus CreditNoteIssued events; exit 1 on a difference`;

export class GstUsageError extends Error {}

/** `npm run gst`: prints the return or the reconciliation; returns the exit code. */
export async function runGstCli(args: string[], db: { store: EventStore; pool: pg.Pool }, out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { month: { type: 'string' }, format: { type: 'string' }, sheet: { type: 'string' } },
  });
  const [command] = positionals;
  if (command !== 'gstr1' && command !== 'reconcile') throw new GstUsageError(command ? `unknown command '${command}'` : 'a command is required');
  const parsed = gstr1Query.safeParse({ month: values.month, format: values.format, sheet: values.sheet });
  if (!parsed.success) throw new GstUsageError(parsed.error.issues[0]!.message);
  const { month, format, sheet } = parsed.data;
  if (command === 'reconcile') {
    const result = await reconcileGst(db.store, db.pool, month);
    out(JSON.stringify(result, null, 2));
    return result.reconciled ? 0 : 1;
  }
  const report = await gstr1(db.pool, month, gstSettings().seller.gstin);
  out(format === 'csv' ? (sheet ? gstr1Csv(report, sheet) : gstr1CsvAll(report)) : JSON.stringify(report, null, 2));
  return 0;
}
