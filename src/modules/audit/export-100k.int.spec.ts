import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHash } from '../../core/event-hash.js';
import { createTestApp, loginAdmin, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { seedProbeEvents } from './test-events.js';

const COUNT = 100_000;

describe('audit export at volume', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it(`streams a window of ${COUNT.toLocaleString('en-IN')} events in log order, each with a hash that verifies`, async () => {
    const window = await seedProbeEvents(t.runtime.pool, { count: COUNT, perStream: 50 });
    const admin = await loginAdmin(t.app);
    const url = `/api/admin/audit/export?from=${encodeURIComponent(window.from.toISOString())}&to=${encodeURIComponent(window.to.toISOString())}`;
    // Readers see the newest events once older transactions in the cluster end (other test files run beside us): the
    // export is asked once all of the window is visible by the rule it reads with.
    const visible = async () =>
      Number(
        (
          await t.runtime.pool.query<{ n: string }>(
            `select count(*) as n from events where created_at >= $1 and created_at < $2 and transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
            [window.from, window.to],
          )
        ).rows[0]!.n,
      );
    await expect.poll(visible).toBe(COUNT);
    const response = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split('\n');
    expect(lines).toHaveLength(COUNT);

    const tips = new Map<string, string>();
    let previous: [bigint, bigint] = [0n, 0n];
    const seen = new Set<number>();
    for (const line of lines) {
      const e = JSON.parse(line) as {
        position: string;
        transactionId: string;
        stream: string;
        version: number;
        eventId: string;
        type: string;
        data: { n: number };
        metadata: object;
        prevHash: string | null;
        hash: string;
      };
      const key: [bigint, bigint] = [BigInt(e.transactionId), BigInt(e.position)];
      expect(key[0] > previous[0] || (key[0] === previous[0] && key[1] > previous[1])).toBe(true);
      previous = key;
      seen.add(e.data.n);
      expect(e.prevHash).toBe(tips.get(e.stream) ?? null);
      expect(
        eventHash({ prevHash: e.prevHash, streamId: e.stream, version: e.version, eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata }),
      ).toBe(e.hash);
      tips.set(e.stream, e.hash);
    }
    expect(seen.size).toBe(COUNT);
    expect(tips.size).toBe(COUNT / 50);
  }, 180_000);
});
