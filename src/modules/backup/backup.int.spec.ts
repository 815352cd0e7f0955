import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { createRuntime, type Runtime } from '../../runtime.js';
import { createTestApp, createTestDatabase, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { caughtUp } from '../../../tests/hardening/consistency.js';
import { verifyStoreChains } from '../audit/chain-sources.js';
import { eventHashFromText } from '../../core/event-hash.js';
import { BackupRefused } from './format.js';
import { restoreBackup } from './restore-backup.js';
import { writeBackup } from '../../operations/backup/write-backup.js';
import { backupSettings } from './settings.js';
import { NOT_BACKED_UP, SOURCE_OF_TRUTH_TABLES } from './source-tables.js';
import { readRetainedInvoice } from '../privacy/retention.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const SHIPPING = {
  shipping_address: '12 Linking Road',
  shipping_city: 'Mumbai',
  shipping_state: 'Maharashtra',
  shipping_pincode: '400050',
  shipping_phone: '9876543210',
};

let source: TestContext;
let dataDir: string;
let work: string;
let admin: { auth: Record<string, string> };
let shopper: { auth: Record<string, string> };
let productIds: string[] = [];
/** A shopper erased after buying: the seller's copy of their invoice lives only in retained_invoices. */
let erased: { customerId: string; orderId: string; tag: string };

async function addProduct(name: string, price: number, stock: number): Promise<string> {
  const r = await source.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admin.auth,
    payload: { name, price, category: 'Anime Figures', stock_quantity: stock, description: 'backup fixture ₹ 東京' },
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  const body = r.json() as { product?: { id: string }; id?: string };
  return String(body.product?.id ?? body.id);
}

const placeCod = (productId: string, quantity = 1) =>
  source.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: shopper.auth,
    payload: { items: [{ productId, quantity }], payment_method: 'cod', ...SHIPPING },
  });

async function backupOf(name: string): Promise<string> {
  const file = path.join(work, name);
  await writeBackup({ pool: source.runtime.pool, mediaDir: path.join(dataDir, 'media'), settings: backupSettings(source.runtime.env), file });
  return file;
}

/** A fresh, migrated, empty store to restore into. */
async function emptyTarget(): Promise<{ runtime: Runtime; mediaDir: string }> {
  const target = mkdtempSync(path.join(os.tmpdir(), 'store-restore-'));
  // The restored store runs with the source's master key (DATA_KEY): the backup's data keys are wrapped by it.
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: target, JWT_SECRET: 'x'.repeat(32), SEED_DEMO: 'false', DATA_KEY: process.env.DATA_KEY });
  const runtime = await createRuntime({ env, log: silent, connectionString: await createTestDatabase(), startModules: false, projections: { lead: false } });
  return { runtime, mediaDir: path.join(target, 'media') };
}

const restoreInto = (target: { runtime: Runtime; mediaDir: string }, file: string) =>
  restoreBackup({ pool: target.runtime.pool, store: target.runtime.store, readModels: target.runtime.projections, file, mediaDir: target.mediaDir });

async function tableRows(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ row: string }>(`select to_jsonb(t)::text as row from "${table}" t`);
  return rows.map((r) => r.row).sort();
}

/** The append trigger is on (a restore switches it off inside its own transaction only). */
const hashTriggerEnabled = async (pool: pg.Pool) =>
  (await pool.query<{ tgenabled: string }>(`select tgenabled from pg_trigger where tgname = 'events_hash_chain'`)).rows[0]?.tgenabled === 'O';

type EventLine = { e: [string, number, string, string, string, string | null, string]; data: string; metadata: string };
/** The lines of the first stream that has a version 1 (the fixture's two orders numbered: order-numbers-YYYY 0 and 1). */
const streamWithTwoEvents = (lines: string[]) => {
  const events = lines.filter((l) => l.startsWith('{"e"')).map((l) => ({ line: l, event: JSON.parse(l) as EventLine }));
  const second = events.find((x) => x.event.e[1] === 1);
  const first = events.find((x) => second && x.event.e[0] === second.event.e[0] && x.event.e[1] === 0);
  expect(first && second, 'a stream with versions 0 and 1 in the fixture').toBeTruthy();
  return { first: first!, second: second! };
};

/**
 * What a careful forger does after changing a stream: hashes its events again from `fromVersion` on, chained as the
 * store chains them (src/core/event-hash.ts), and points the anchor's head of that stream at the new last hash.
 */
function rechain(lines: string[], stream: string, fromVersion: number): string[] {
  let prev: string | null = null;
  const hashes = new Map<number, string>();
  const out = lines.map((l) => {
    if (!l.startsWith('{"e"')) return l;
    const event = JSON.parse(l) as EventLine;
    const [s, version, id, type] = event.e;
    if (s !== stream) return l;
    if (version < fromVersion) {
      prev = event.e[6];
      return l;
    }
    event.e[5] = prev;
    event.e[6] = eventHashFromText({ prevHash: prev, streamId: s, version, eventId: id, type, dataText: event.data, metadataText: event.metadata });
    prev = event.e[6];
    hashes.set(version, prev);
    return JSON.stringify(event);
  });
  return out.map((l) => {
    if (!l.startsWith('{"head"')) return l;
    const head = (JSON.parse(l) as { head: [string, number, string] }).head;
    return head[0] === stream && hashes.has(head[1]) ? JSON.stringify({ head: [head[0], head[1], hashes.get(head[1])] }) : l;
  });
}

/** The anchor digest of the head lines (as the backup computes it). */
function anchorDigest(lines: string[]): string {
  const digest = createHash('sha256');
  for (const l of lines.filter((x) => x.startsWith('{"head"'))) {
    const [s, v, h] = (JSON.parse(l) as { head: [string, number, string] }).head;
    digest.update(`${s}\n${v}\n${h}\n`);
  }
  return digest.digest('hex');
}

const eventCount = async (pool: pg.Pool) => Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);

/** Rewrites a backup's content with `edit` and recomputes its checksum (what a careful forger would do). */
function forge(file: string, out: string, edit: (lines: string[]) => string[], editEnd: (end: Record<string, unknown>) => void = () => undefined): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
  const end = JSON.parse(lines.pop()!) as { end: Record<string, unknown> };
  const body = edit(lines);
  editEnd(end.end);
  const content = body.map((l) => `${l}\n`).join('');
  end.end.sha256 = createHash('sha256').update(content).digest('hex');
  writeFileSync(out, gzipSync(`${content}${JSON.stringify(end)}\n`));
  return out;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-backup-data-'));
  work = mkdtempSync(path.join(os.tmpdir(), 'store-backup-files-'));
  source = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await loginAdmin(source.app);
  shopper = await signUp(source.app);
  productIds = [await addProduct('Nezuko Kamado Figure', 1899, 50), await addProduct('ゾロ 三刀流 Figure', 2499, 50)];
  for (const id of productIds) expect((await placeCod(id)).statusCode).toBe(201);
  await source.app.inject({ method: 'POST', url: '/api/user/wishlist', headers: shopper.auth, payload: { productId: productIds[0] } });
  // A sold order whose buyer is then erased: the named invoice goes to the retention store, its store and a read logged.
  const tag = createHash('sha256').update(dataDir).digest('hex').slice(0, 8);
  const buyer = await signUp(source.app, { full_name: `Retained Buyer ${tag}` });
  const sold = await source.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.auth,
    payload: { items: [{ productId: productIds[1], quantity: 1 }], payment_method: 'cod', ...SHIPPING },
  });
  expect(sold.statusCode, sold.body).toBe(201);
  const orderId = String((sold.json() as { order: { id: string } }).order.id);
  const confirmed = await source.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, headers: buyer.auth, payload: { status: 'confirmed' } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const erasure = await source.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${buyer.user.id}/erase`,
    headers: admin.auth,
    payload: { reason: 'backup spec: erasure request' },
  });
  expect(erasure.statusCode, erasure.body).toBe(200);
  const read = await source.app.inject({ method: 'GET', url: `/api/admin/retained-invoices/${orderId}?purpose=backup%20spec`, headers: admin.auth });
  expect(read.statusCode, read.body).toBe(200);
  erased = { customerId: buyer.user.id, orderId, tag };
  // An uploaded image as local storage keeps it.
  mkdirSync(path.join(dataDir, 'media', 'products'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', 'products', 'nezuko.webp'), Buffer.from('RIFF....WEBPVP8 fake image bytes'));
  // Text the backup must carry byte for byte: quotes, backslashes, control characters, non-BMP and RTL characters, a
  // number jsonb keeps with its trailing zeros (written by SQL, hashed by the append trigger like any event).
  await source.runtime.pool.query(
    `insert into events (stream_id, stream_version, event_id, type, data, metadata)
     values ('backup-fixture-text', 0, gen_random_uuid(), 'BackupFixtureText', $1::jsonb, '{"by": "backup spec"}')`,
    ['{"text": "say \\"hi\\" \\\\ back\\nslash\\ttab \\u0001 😀 مرحبا ₹ 東京", "price": 799.50, "nested": {"a": [1.10, null, true]}}'],
  );
  // A stream longer than ten events: its head is version 11, which sorts before 9 as text.
  await source.runtime.pool.query(
    `insert into events (stream_id, stream_version, event_id, type, data, metadata)
     select 'backup-fixture-text', v, gen_random_uuid(), 'BackupFixtureText', jsonb_build_object('n', v), '{}' from generate_series(1, 11) v order by v`,
  );
  await caughtUp(source.runtime);
});

afterAll(async () => {
  await source?.close();
});

describe('backup and restore', () => {
  it('restores into an empty store that answers the same: the log, every read model row for row, the images', async () => {
    const file = await backupOf('full.backup.gz');
    const target = await emptyTarget();
    try {
      const report = await restoreInto(target, file);
      expect(report.events).toBe(await eventCount(source.runtime.pool));
      expect(report.media).toBe(1);
      const hashes =
        'select stream_id, stream_version, event_id, type, data::text, metadata::text, prev_hash, hash, created_at::text from events order by stream_id, stream_version';
      expect((await target.runtime.pool.query(hashes)).rows).toEqual((await source.runtime.pool.query(hashes)).rows);
      // The chains verify as the auditor verifies them (Node, src/core/event-hash.ts), and appends hash again.
      const audit = await verifyStoreChains(target.runtime.store);
      expect(audit.breaks).toEqual([]);
      expect(audit.events).toBe(report.events);
      expect(await hashTriggerEnabled(target.runtime.pool)).toBe(true);
      const tables = target.runtime.projections.projectors.flatMap((p) => p.tables);
      expect(tables.length).toBeGreaterThan(5);
      let rowsCompared = 0;
      for (const table of tables) {
        const original = await tableRows(source.runtime.pool, table);
        expect(await tableRows(target.runtime.pool, table), table).toEqual(original);
        rowsCompared += original.length;
      }
      expect(rowsCompared).toBeGreaterThan(8);
      // Facts kept outside the log come back as they were: without the credentials nobody could sign in.
      for (const table of SOURCE_OF_TRUTH_TABLES) {
        const original = await tableRows(source.runtime.pool, table);
        expect(original.length, table).toBeGreaterThan(0);
        expect(await tableRows(target.runtime.pool, table), table).toEqual(original);
      }
      // Every source-of-truth row: the credentials and the shoppers' data keys.
      let sourceRows = 0;
      for (const table of SOURCE_OF_TRUTH_TABLES) sourceRows += (await tableRows(source.runtime.pool, table)).length;
      expect(report.rows).toBe(sourceRows);
      for (const table of ['orders', 'customers', 'products', 'wishlist_items'])
        expect((await tableRows(target.runtime.pool, table)).length, table).toBeGreaterThan(0);
      expect(readFileSync(path.join(target.mediaDir, 'products', 'nezuko.webp'))).toEqual(readFileSync(path.join(dataDir, 'media', 'products', 'nezuko.webp')));
    } finally {
      await target.runtime.close();
    }
  });

  it('carries the invoices retained after an erasure and their access log: back after a restore, readable and still logged', async () => {
    const retained = async (pool: pg.Pool) => ({
      invoices: await tableRows(pool, 'retained_invoices'),
      log: (await pool.query('select id, order_id, action, accessed_by, purpose, at from retention_access_log order by id')).rows,
    });
    const before = await retained(source.runtime.pool);
    expect(before.invoices.join('\n')).toContain(`Retained Buyer ${erased.tag}`);
    expect(before.log.filter((r) => r.order_id === erased.orderId).map((r) => r.action)).toEqual(['stored', 'read']);
    const file = await backupOf('retention.backup.gz');
    const target = await emptyTarget();
    try {
      await restoreInto(target, file);
      expect(await retained(target.runtime.pool)).toEqual(before);
      // The restored log verifies and still reads the buyer as erased; only the retention store names them.
      expect((await verifyStoreChains(target.runtime.store)).breaks).toEqual([]);
      const order = await target.runtime.pool.query('select customer_name from orders where id = $1', [erased.orderId]);
      expect(order.rows).toEqual([{ customer_name: 'Erased customer' }]);
      // Reading it on the restored store works and is logged after the restored entries (its id sequence moved on).
      const copy = await readRetainedInvoice(target.runtime.pool, erased.orderId, 'restore check', 'backup spec');
      expect(JSON.stringify(copy?.invoice)).toContain(`Retained Buyer ${erased.tag}`);
      expect(copy?.accessLog.map((entry) => entry.action)).toEqual(['stored', 'read', 'read']);
      const ids = (await target.runtime.pool.query<{ id: string }>('select id from retention_access_log order by id')).rows.map((r) => Number(r.id));
      expect(ids.at(-1)).toBe(Math.max(...before.log.map((r) => Number(r.id))) + 1);
    } finally {
      await target.runtime.close();
    }
  });

  it('taken while orders are being placed, holds whole transactions only and restores', async () => {
    let firstPlaced!: () => void;
    const placingStarted = new Promise<void>((resolve) => (firstPlaced = resolve));
    const placing = (async () => {
      const results: number[] = [];
      for (let i = 0; i < 24; i += 1) {
        results.push(...(await Promise.all([placeCod(productIds[0]!), placeCod(productIds[1]!)])).map((r) => r.statusCode));
        firstPlaced();
      }
      return results;
    })();
    // The backup starts once the first orders are in and the others are still being placed.
    await placingStarted;
    const file = await backupOf('during-orders.backup.gz');
    expect((await placing).every((s) => s === 201)).toBe(true);
    const target = await emptyTarget();
    try {
      const report = await restoreInto(target, file);
      const { rows } = await target.runtime.pool.query<{ placed: string; reserved: string; numbered: string }>(
        `select (select count(*) from events where type = 'OrderPlaced') as placed,
                (select count(distinct data->>'orderId') from events where type = 'StockReserved') as reserved,
                (select count(*) from events where type = 'OrderNumberAssigned') as numbered`,
      );
      // Every order in the file has its stock reservation (the same transaction), and no reservation lacks its order.
      expect(rows[0]!.reserved).toBe(rows[0]!.placed);
      expect(Number(rows[0]!.placed)).toBeGreaterThanOrEqual(2);
      expect(report.events).toBeLessThanOrEqual(await eventCount(source.runtime.pool));
      const orders = await target.runtime.pool.query<{ n: string }>('select count(*) as n from orders');
      expect(orders.rows[0]!.n).toBe(rows[0]!.placed);
    } finally {
      await target.runtime.close();
    }
  });

  it('refuses a damaged, cut or edited backup with the reason, and writes nothing', async () => {
    const file = await backupOf('good.backup.gz');
    const bytes = readFileSync(file);
    const cut = path.join(work, 'cut.backup.gz');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const flipped = path.join(work, 'flipped.backup.gz');
    const copy = Buffer.from(bytes);
    copy[Math.floor(copy.length / 2)]! ^= 0x10;
    writeFileSync(flipped, copy);
    const raw = path.join(work, 'raw-edit.backup.gz');
    writeFileSync(raw, gzipSync(gunzipSync(bytes).toString('utf8').replace('Nezuko Kamado Figure', 'Nezuko Kamado Figurf')));
    // The price, not four digits that happen to sit inside a random uuid (that made a damaged row, not a forged hash).
    const forgedEvent = forge(file, path.join(work, 'forged-event.backup.gz'), (lines) => lines.map((l) => l.replace(/(?<![0-9a-f-])1899(?![0-9a-f-])/, '18')));
    const forgedAnchor = forge(file, path.join(work, 'forged-anchor.backup.gz'), (lines) => {
      const heads = lines.filter((l) => l.startsWith('{"head"'));
      const first = JSON.parse(heads[0]!) as { head: [string, number, string] };
      first.head[2] = 'f'.repeat(64);
      return lines.map((l) => (l === heads[0] ? JSON.stringify(first) : l));
    });
    const forgedAnchorWithDigest = forge(file, path.join(work, 'forged-anchor-digest.backup.gz'), (lines) => {
      const heads = lines.filter((l) => l.startsWith('{"head"'));
      const first = JSON.parse(heads[0]!) as { head: [string, number, string] };
      first.head[2] = 'f'.repeat(64);
      const edited = lines.map((l) => (l === heads[0] ? JSON.stringify(first) : l));
      return edited;
    });
    // The forger also recomputes the anchor digest: only the restored log can tell.
    const withDigest = gunzipSync(readFileSync(forgedAnchorWithDigest)).toString('utf8').split('\n').filter(Boolean);
    const end = JSON.parse(withDigest.pop()!) as { end: { anchorDigest: string; sha256: string } };
    const digest = createHash('sha256');
    for (const l of withDigest.filter((x) => x.startsWith('{"head"'))) {
      const [s, v, h] = (JSON.parse(l) as { head: [string, number, string] }).head;
      digest.update(`${s}\n${v}\n${h}\n`);
    }
    end.end.anchorDigest = digest.digest('hex');
    writeFileSync(forgedAnchorWithDigest, gzipSync(`${withDigest.map((l) => `${l}\n`).join('')}${JSON.stringify(end)}\n`));

    // The recorded prev_hash of an event, changed (its own hash still matches its content and its true predecessor).
    const forgedLink = forge(file, path.join(work, 'forged-link.backup.gz'), (lines) => {
      const { line, event } = streamWithTwoEvents(lines).second;
      event.e[5] = 'a'.repeat(64);
      return lines.map((l) => (l === line ? JSON.stringify(event) : l));
    });
    // A stream's first event taken out, the rest of the stream hashed again from an empty start (so every hash
    // matches its content), the anchor's head and digest and the end line's count made to agree.
    let shortened: string[] = [];
    const dropped = forge(
      file,
      path.join(work, 'dropped-event.backup.gz'),
      (lines) => {
        const { first } = streamWithTwoEvents(lines);
        shortened = rechain(
          lines.filter((l) => l !== first.line),
          first.event.e[0],
          1,
        );
        return shortened;
      },
      (end) => {
        end.events = (end.events as number) - 1;
        end.anchorDigest = anchorDigest(shortened);
      },
    );

    const cases: [string, RegExp][] = [
      [cut, /damaged|cut short|no end line/],
      [flipped, /damaged|checksum/],
      [raw, /checksum/],
      [forgedEvent, /hashes to .* the backup was edited/],
      [forgedLink, /records a{64} as its predecessor's hash, which is [0-9a-f]{64}: the backup was edited/],
      [dropped, /version 1\) has no predecessor to chain to: the backup was edited/],
      [forgedAnchor, /anchor's heads do not match its digest/],
      [forgedAnchorWithDigest, /anchor's head of stream .* does not match the restored log/],
    ];
    for (const [bad, reason] of cases) {
      const target = await emptyTarget();
      try {
        const error = await restoreInto(target, bad).then(
          () => null,
          (e: Error) => e,
        );
        expect(error, path.basename(bad)).toBeInstanceOf(BackupRefused);
        expect(error!.message, path.basename(bad)).toMatch(reason);
        expect(await eventCount(target.runtime.pool), path.basename(bad)).toBe(0);
        expect(await hashTriggerEnabled(target.runtime.pool), path.basename(bad)).toBe(true);
        expect(
          readdirSync(path.dirname(target.mediaDir)).filter((f) => f.startsWith('media')),
          path.basename(bad),
        ).toEqual([]);
      } finally {
        await target.runtime.close();
      }
    }
  });

  it('knows every table of the database: the log, a source-of-truth table it carries, a read model it rebuilds, or state it leaves out', async () => {
    const { rows } = await source.runtime.pool.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const readModels = source.runtime.projections.projectors.flatMap((p) => p.tables);
    const known = new Set<string>(['events', ...SOURCE_OF_TRUTH_TABLES, ...readModels, ...Object.keys(NOT_BACKED_UP)]);
    expect(
      rows.map((r) => r.name).filter((t) => !known.has(t)),
      'tables no one has classified in src/modules/backup/source-tables.ts',
    ).toEqual([]);
    for (const table of SOURCE_OF_TRUTH_TABLES) expect(readModels, table).not.toContain(table);
  });

  it('npm run backup and npm run restore work as the operator runs them (node with tsx, not the test runner)', async () => {
    const run = (script: string, args: string[], env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, EVENTSTORE_URL: '', ...env }, timeout: 120_000 });
    const file = path.join(work, 'cli.backup.gz');
    const backup = await run('src/backup.ts', ['--to', file], { DATABASE_URL: source.databaseUrl, DATA_DIR: dataDir });
    expect(backup.stdout).toMatch(/backup written: .*\n {2}\d+ events in \d+ streams, 1 images/);
    const targetDir = mkdtempSync(path.join(os.tmpdir(), 'store-restore-cli-'));
    const targetUrl = await createTestDatabase();
    const restore = await run('src/restore.ts', [file], {
      DATABASE_URL: targetUrl,
      DATA_DIR: targetDir,
      DATA_KEY: process.env.DATA_KEY ?? '',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(restore.stdout).toMatch(/\d+ events in \d+ streams: every hash and the anchor check out/);
    const target = new pg.Pool({ connectionString: targetUrl, max: 1 });
    try {
      const hashes = 'select stream_id, stream_version, hash from events order by stream_id, stream_version';
      expect((await target.query(hashes)).rows).toEqual((await source.runtime.pool.query(hashes)).rows);
      expect(await eventCount(target)).toBeGreaterThan(10);
    } finally {
      await target.end();
    }
  }, 180_000);

  it('refuses to restore over a store that already has events', async () => {
    const file = await backupOf('again.backup.gz');
    const error = await restoreBackup({
      pool: source.runtime.pool,
      store: source.runtime.store,
      readModels: source.runtime.projections,
      file,
      mediaDir: path.join(work, 'media-x'),
    }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/already holds events/);
    expect(statSync(file).size).toBeGreaterThan(100);
  });
});
