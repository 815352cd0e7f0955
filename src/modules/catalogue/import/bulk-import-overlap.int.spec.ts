import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import type { EventStore, StreamWrite } from '../../../core/event-store.js';
import { verifyStoreChains } from '../../audit/chain-sources.js';
import { bulkImportProducts } from './bulk-import.js';
import { productStream } from '../products/product.js';

/**
 * The import checks and decides its rows a chunk at a time while the chunks before it append. These specs hold the
 * store at chosen moments (no timing): the first chunk must be appending before the last row is checked, each row is
 * still judged in file order against every row before it, and a failure stops the chunks not yet started.
 */
const ROWS = 50;
const CHUNK = 10;
const BAD_PRICE_ROW = 45; // 1-based data row in the last chunk
const DUPLICATE_ROW = 48; // repeats the id of data row 3, from the first chunk
const idOf = (row: number, run: string) => `ovl-${run}-${row === DUPLICATE_ROW ? 3 : row}`;

function csv(run: string): Buffer {
  const lines = ['id,name,category,price,stockQuantity'];
  for (let row = 1; row <= ROWS; row++) {
    lines.push(`${idOf(row, run)},Overlap ${run} ${row},Keychains,${row === BAD_PRICE_ROW ? 'abc' : 100 + row},${row % 4}`);
  }
  return Buffer.from(lines.join('\n'), 'utf8');
}

/** The runtime's store with two of its calls observed (and, when asked, held or failed); everything else as is. */
function observed(inner: EventStore, hooks: { readStream?: (streamId: string) => Promise<void>; appendMany?: (call: number) => void }) {
  const appends: StreamWrite[][] = [];
  const store: EventStore = Object.create(inner, {
    readStream: {
      value: async (streamId: string, from?: number) => {
        await hooks.readStream?.(streamId);
        return inner.readStream(streamId, from);
      },
    },
    appendMany: {
      value: (writes: StreamWrite[]) => {
        appends.push(writes);
        hooks.appendMany?.(appends.length);
        return inner.appendMany(writes);
      },
    },
  });
  return { store, appends };
}

describe('bulk import: checking rows while earlier chunks append', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  /** Straight from the log table (a readAll may wait on other databases' transactions of the shared test server). */
  const addedNames = async (run: string) =>
    (
      await ctx.runtime.pool.query<{ name: string }>("select data->>'name' as name from events where type = 'ProductAdded' and stream_id like $1", [
        `${productStream(`ovl-${run}-`)}%`,
      ])
    ).rows.map((r) => r.name);

  it('appends the first chunk before the last row is checked; rows are still judged in file order, bad ones named and not written', async () => {
    const run = 'a';
    let firstAppend: () => void = () => undefined;
    const appended = new Promise<void>((resolve) => (firstAppend = resolve));
    let appendsBeforeLastRow = -1;
    const { store, appends } = observed(ctx.runtime.store, {
      // The check of the last row waits until a chunk was handed to the store: without the overlap it never is.
      readStream: async (streamId) => {
        if (streamId !== productStream(idOf(ROWS, run)) || appendsBeforeLastRow >= 0) return;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          appended,
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no chunk was appended before the last row was checked')), 60_000))),
        ]).finally(() => clearTimeout(timer));
        appendsBeforeLastRow = appends.length;
      },
      appendMany: () => firstAppend(),
    });
    const result = await bulkImportProducts(
      store,
      { mode: 'upsert', file: { filename: 'overlap.csv', buffer: csv(run) } },
      async () => [],
      {},
      { rows: CHUNK, parallel: 2 },
    );
    expect(appendsBeforeLastRow).toBeGreaterThan(0);
    expect(result).toMatchObject({ mode: 'upsert', total: ROWS, created: ROWS - 2, updated: 0, processed: ROWS - 2 });
    expect(result.errors).toEqual([
      { row: BAD_PRICE_ROW + 1, name: `Overlap ${run} ${BAD_PRICE_ROW}`, reason: 'Please enter a valid price' },
      { row: DUPLICATE_ROW + 1, name: `Overlap ${run} ${DUPLICATE_ROW}`, reason: `Duplicate id ${idOf(3, run)} (also on row 4)` },
    ]);
    // Every good row written exactly once, in chunks of at most CHUNK rows (a product event and its stock each).
    expect(appends.every((writes) => writes.length <= 2 * CHUNK)).toBe(true);
    const names = (await addedNames(run)).sort();
    const expected = Array.from({ length: ROWS }, (_, i) => i + 1)
      .filter((row) => row !== BAD_PRICE_ROW && row !== DUPLICATE_ROW)
      .map((row) => `Overlap ${run} ${row}`)
      .sort();
    expect(names).toEqual(expected);
    expect(await store.readStream(productStream(idOf(3, run)))).toHaveLength(1);
    expect((await verifyStoreChains(ctx.runtime.store)).ok).toBe(true);
  });

  it('a failure that is not a row rule (the database gone) is thrown and no chunk starts after it', async () => {
    const run = 'b';
    const { store, appends } = observed(ctx.runtime.store, {
      appendMany: (call) => {
        if (call === 2) throw new Error('connection to the database lost');
      },
    });
    await expect(
      bulkImportProducts(store, { mode: 'upsert', file: { filename: 'fail.csv', buffer: csv(run) } }, async () => [], {}, { rows: CHUNK, parallel: 2 }),
    ).rejects.toThrow('connection to the database lost');
    // The failing call, the one before it and at most one already under way beside it; never the five chunks.
    expect(appends.length).toBeLessThanOrEqual(3);
    expect((await addedNames(run)).length).toBeLessThanOrEqual(2 * CHUNK);
  });
});
