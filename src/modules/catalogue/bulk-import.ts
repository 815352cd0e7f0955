import type { CommandContext } from '../../core/command-handler.js';
import { AppError, ValidationError } from '../../core/errors.js';
import { comparePositions, type AppendResult, type EventStore, type GlobalPosition } from '../../core/event-store.js';
import { applyChanges, loadProduct, newProductId, removeProducts, type ProductChange } from './commands.js';
import { parseImportFile } from './import-file.js';
import { isRowError, missingColumns, readRows, type ImportRow, type RowError } from './import-rows.js';
import { detailsFromForm } from './schemas.js';
import { pickDetails } from './product.js';

export type ImportMode = 'add' | 'update' | 'upsert' | 'deleteall';
export const IMPORT_MODES: readonly ImportMode[] = ['add', 'update', 'upsert', 'deleteall'];

export interface BulkImportCommand {
  mode: ImportMode;
  file?: { filename: string; buffer: Buffer };
  imageMap?: Record<string, string>;
  columnMapping?: Record<string, string>;
}

export interface BulkImportResult {
  mode: ImportMode;
  processed: number;
  total: number;
  created: number;
  updated: number;
  skipped: number;
  deleted: number;
  errors: RowError[];
  position: GlobalPosition | null;
  /** Milliseconds spent reading the file, checking and deciding the rows, appending the events (logged, not answered). */
  phases?: { parseMs: number; validateMs: number; appendMs: number };
}

/**
 * Rows per append transaction and transactions side by side. Measured with bench/import-freshness.ts (20,000 rows,
 * alternating in one session on the 2-core machine): 1,000 rows × 2 appended in 0.67–0.81 × the time of 250 × 4.
 */
const CHUNK = 1_000;
const PARALLEL_CHUNKS = 2;

/**
 * BulkImportProducts: every good row becomes a product event (plus its stock level) appended in chunks of one
 * transaction each; a bad row is reported with its row number and reason and writes nothing.
 */
export async function bulkImportProducts(
  store: EventStore,
  command: BulkImportCommand,
  listProductIds: () => Promise<string[]>,
  context: CommandContext,
): Promise<BulkImportResult> {
  const now = (context.now ?? new Date()).toISOString();
  if (command.mode === 'deleteall') {
    const ids = await listProductIds();
    const { removed, position } = await removeProducts(store, ids, 'import-deleteall', context);
    return { mode: 'deleteall', processed: removed, total: ids.length, created: 0, updated: 0, skipped: 0, deleted: removed, errors: [], position };
  }
  if (!command.file) throw new ValidationError('No file uploaded');
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  const sheet = await parseImportFile(command.file.filename, command.file.buffer);
  const parseMs = lap();
  const { columns, results } = readRows(sheet, command.columnMapping ?? {}, command.imageMap ?? {});
  const missing = missingColumns(columns);
  if (missing.length > 0) throw new ValidationError(`Missing required columns: ${missing.join(', ')}`);

  const errors: RowError[] = results.filter(isRowError);
  const good = results.filter((r): r is ImportRow => !isRowError(r));
  const seen = new Map<string, number>();
  let skipped = 0;
  const planned: { row: ImportRow; change: ProductChange; kind: 'created' | 'updated' }[] = [];

  for (const row of good) {
    const fail = (reason: string) => errors.push({ row: row.rowNumber, ...(row.form.name ? { name: row.form.name } : {}), reason });
    if (row.id !== null) {
      if (seen.has(row.id)) {
        fail(`Duplicate id ${row.id} (also on row ${seen.get(row.id)})`);
        continue;
      }
      seen.set(row.id, row.rowNumber);
    }
    if (command.mode === 'add' && row.id !== null) {
      skipped++; // add mode ignores rows that carry an id
      continue;
    }
    if (command.mode === 'update' && row.id === null) {
      fail('Update mode needs an id on every row');
      continue;
    }
    try {
      const current = row.id === null ? null : await loadProduct(store, row.id);
      const listed = current?.status === 'listed' ? current : null;
      if (command.mode === 'update' && !listed) {
        fail(`Product ${row.id} not found`);
        continue;
      }
      const details = pickDetails(detailsFromForm(row.form, listed ? listed.details : null));
      const stockQuantity = row.form.stock_quantity ?? (listed ? undefined : 0);
      if (listed) {
        planned.push({
          row,
          kind: 'updated',
          change: { command: { type: 'UpdateProduct', data: { productId: listed.productId, details, now } }, stockQuantity },
        });
      } else {
        const productId = row.id ?? newProductId();
        planned.push({
          row,
          kind: 'created',
          change: { command: { type: 'AddProduct', data: { productId, details, now } }, stockQuantity, freshId: row.id === null },
        });
      }
    } catch (error) {
      if (error instanceof AppError) fail(error.message);
      else throw error;
    }
  }

  const validateMs = lap();
  let created = 0;
  let updated = 0;
  let position: GlobalPosition | null = null;
  const count = (kind: 'created' | 'updated') => (kind === 'created' ? created++ : updated++);
  const keep = (result: AppendResult | null) => {
    if (result && (!position || comparePositions(result.position, position) > 0)) position = result.position;
  };
  const chunks: (typeof planned)[] = [];
  for (let i = 0; i < planned.length; i += CHUNK) chunks.push(planned.slice(i, i + CHUNK));
  // Chunks touch disjoint streams (ids are unique per file), so a few transactions can run side by side.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks.length) }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        try {
          keep(
            await applyChanges(
              store,
              chunk.map((p) => p.change),
              context,
            ),
          );
          chunk.forEach((p) => count(p.kind));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // A rule failed for one row of the chunk (e.g. a concurrent edit): retry row by row to name it.
          for (const p of chunk) {
            try {
              keep(await applyChanges(store, [{ ...p.change, freshId: false }], context));
              count(p.kind);
            } catch (inner) {
              if (!(inner instanceof AppError)) throw inner;
              errors.push({ row: p.row.rowNumber, name: p.row.form.name, reason: inner.message });
            }
          }
        }
      }
    }),
  );
  errors.sort((a, b) => a.row - b.row);
  const phases = { parseMs, validateMs, appendMs: lap() };
  return { mode: command.mode, processed: created + updated, total: sheet.rows.length, created, updated, skipped, deleted: 0, errors, position, phases };
}
