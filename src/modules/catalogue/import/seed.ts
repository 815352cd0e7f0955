import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { z } from 'zod';
import { WrongExpectedVersionError } from '../../../core/errors.js';
import { registerEvents } from '../../../core/event-registry.js';
import { APP_ROOT } from '../../../config/app-root.js';
import type { ModuleDeps } from '../../module.js';
import { getLocalMediaStorage, renderProductImage } from '../../media/index.js';
import { bulkImportProducts, type BulkImportResult } from './bulk-import.js';
import type { CatalogueMemory } from '../search/catalogue-memory.js';

export const DEMO_CATALOGUE_FILE = path.join(APP_ROOT, 'seed/demo-catalogue.csv');
/** Claimed before seeding so that two instances starting together seed once. */
const SEED_STREAM = 'catalogue-demo-seed';
registerEvents({ DemoCatalogueSeedClaimed: z.object({ claimedAt: z.string().datetime() }) });

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'product';

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

/**
 * First start with SEED_DEMO: the demo catalogue goes in through the same BulkImportProducts command an admin uses,
 * each product with a picture drawn locally. Nothing happens when the catalogue log already has products.
 */
export async function seedDemoCatalogue(runtime: ModuleDeps, memory: CatalogueMemory): Promise<BulkImportResult | null> {
  if (!runtime.env.SEED_DEMO || memory.size > 0) return null;
  if ((await runtime.store.readStream(SEED_STREAM)).length > 0) return null;
  const now = new Date();
  try {
    await runtime.store.append(
      SEED_STREAM,
      [{ type: 'DemoCatalogueSeedClaimed', data: { claimedAt: now.toISOString() }, metadata: { correlationId: 'demo-seed', timestamp: now.toISOString() } }],
      {
        expectedVersion: 'no_stream',
      },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return null;
    throw error;
  }
  const csv = await readFile(DEMO_CATALOGUE_FILE, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const storage = getLocalMediaStorage(runtime);
  const imageMap: Record<string, string> = {};
  const rows = await mapLimit(parsed.data, 4, async (row, i) => {
    const file = `${String(i + 1).padStart(3, '0')}-${slug(row.name ?? '')}.webp`;
    imageMap[file] = await storage.saveAs(
      `demo/${file}`,
      await renderProductImage({ name: row.name ?? '', category: row.category ?? '', description: row.description ?? '' }),
    );
    return { ...row, image: row.image?.trim() ? row.image : file };
  });
  const buffer = Buffer.from(Papa.unparse(rows, { columns: parsed.meta.fields }), 'utf8');
  const result = await bulkImportProducts(runtime.store, { mode: 'upsert', file: { filename: 'demo-catalogue.csv', buffer }, imageMap }, async () => [], {
    correlationId: 'demo-seed',
    now,
  });
  if (result.position) await memory.waitFor(result.position, 60_000).catch(() => undefined);
  runtime.log.info({ created: result.created, errors: result.errors.length }, 'seeded the demo catalogue');
  return result;
}
