import { describe, expect, it } from 'vitest';
import { eventHashFromText } from '../../core/event-hash.js';
import { ChainVerifier, verifyChains, type ChainEntry } from './verify-chain.js';

/** A correctly chained stream of `count` events, built with the production hash. */
function stream(streamId: string, count: number): ChainEntry[] {
  const entries: ChainEntry[] = [];
  let prevHash: string | null = null;
  for (let version = 0; version < count; version++) {
    const base = {
      streamId,
      version,
      eventId: `${streamId}-e${version}`,
      type: 'Thing',
      dataText: `{"n": ${version}}`,
      metadataText: '{"correlationId": "c"}',
      prevHash,
    };
    const hash = eventHashFromText(base);
    entries.push({ ...base, hash });
    prevHash = hash;
  }
  return entries;
}
async function* from(entries: ChainEntry[]) {
  yield* entries;
}
const interleave = (a: ChainEntry[], b: ChainEntry[]) => a.flatMap((e, i) => (b[i] ? [e, b[i]!] : [e]));

describe('hash chain verifier', () => {
  it('an intact log verifies, counting streams and events (streams interleaved as in log order)', async () => {
    const report = await verifyChains(from(interleave(stream('a', 3), stream('b', 2))));
    expect(report).toEqual({ ok: true, streams: 2, events: 5, breaks: [] });
  });

  it('an empty log verifies', async () => {
    expect(await verifyChains(from([]))).toEqual({ ok: true, streams: 0, events: 0, breaks: [] });
  });

  it('a deleted event: missing-events naming the missing versions', async () => {
    const entries = stream('a', 4);
    entries.splice(1, 2);
    const report = await verifyChains(from(entries));
    expect(report.ok).toBe(false);
    expect(report.breaks).toEqual([{ streamId: 'a', version: 3, eventId: 'a-e3', kind: 'missing-events', reason: 'versions 1..2 are missing' }]);
  });

  it('a stream that does not start at version 0 is missing its first events', async () => {
    const report = await verifyChains(from(stream('a', 3).slice(1)));
    expect(report.breaks[0]).toMatchObject({ version: 1, kind: 'missing-events', reason: 'versions 0..0 are missing' });
  });

  it('a repeated version is reported as appearing again', async () => {
    const entries = stream('a', 2);
    const report = await verifyChains(from([...entries, entries[1]!]));
    expect(report.breaks).toEqual([{ streamId: 'a', version: 1, eventId: 'a-e1', kind: 'missing-events', reason: 'version 1 appears again after 1' }]);
  });

  it('an event without a hash is unhashed', async () => {
    const entries = stream('a', 2);
    entries[1] = { ...entries[1]!, hash: null };
    expect((await verifyChains(from(entries))).breaks).toEqual([
      { streamId: 'a', version: 1, eventId: 'a-e1', kind: 'unhashed', reason: 'the event carries no hash' },
    ]);
  });

  it('a prevHash that is not the previous hash is a broken link (also on the first event)', async () => {
    const entries = stream('a', 2);
    entries[1] = { ...entries[1]!, prevHash: 'f'.repeat(64) };
    const [broken] = (await verifyChains(from(entries))).breaks;
    expect(broken).toEqual({
      streamId: 'a',
      version: 1,
      eventId: 'a-e1',
      kind: 'broken-link',
      reason: `prevHash ${'f'.repeat(64)} is not the previous event's hash ${entries[0]!.hash}`,
    });

    const first = stream('b', 1);
    first[0] = { ...first[0]!, prevHash: 'abc' };
    expect((await verifyChains(from(first))).breaks[0]).toMatchObject({ kind: 'broken-link', reason: "prevHash abc is not the previous event's hash null" });
    const undefinedPrev = stream('c', 1).map((e) => ({ ...e, prevHash: undefined as unknown as null }));
    expect((await verifyChains(from(undefinedPrev))).ok).toBe(true);
  });

  it('a prevHash left out after the first event is a broken link naming null', async () => {
    const entries = stream('a', 2);
    entries[1] = { ...entries[1]!, prevHash: null };
    expect((await verifyChains(from(entries))).breaks).toEqual([
      { streamId: 'a', version: 1, eventId: 'a-e1', kind: 'broken-link', reason: `prevHash null is not the previous event's hash ${entries[0]!.hash}` },
    ]);
  });

  it('a tampered negative version is reported, not a crash', async () => {
    const [first] = stream('a', 1);
    expect((await verifyChains(from([{ ...first!, version: -1 }]))).breaks).toEqual([
      { streamId: 'a', version: -1, eventId: 'a-e0', kind: 'missing-events', reason: 'version -1 appears again after undefined' },
    ]);
  });

  it('altered content: the recomputed hash differs from the recorded one', async () => {
    const entries = stream('a', 2);
    entries[0] = { ...entries[0]!, dataText: '{"n": 99}' };
    const [broken] = (await verifyChains(from(entries))).breaks;
    expect(broken).toMatchObject({ streamId: 'a', version: 0, kind: 'altered-content' });
    expect(broken!.reason).toBe(`content hashes to ${eventHashFromText(entries[0]!)}, the log recorded ${entries[0]!.hash}`);
  });

  it('reports only the first break of a stream; other streams go on being checked', async () => {
    const a = stream('a', 4);
    a[1] = { ...a[1]!, dataText: '{"n": -1}' };
    a[2] = { ...a[2]!, dataText: '{"n": -2}' }; // a second break in the same stream is not reported
    const b = stream('b', 3);
    b[2] = { ...b[2]!, hash: null };
    const verifier = new ChainVerifier();
    const results = interleave(a, b).map((e) => verifier.check(e));
    expect(results.filter(Boolean)).toHaveLength(2);
    expect(verifier.breaks.map((x) => [x.streamId, x.version, x.kind])).toEqual([
      ['a', 1, 'altered-content'],
      ['b', 2, 'unhashed'],
    ]);
    expect([verifier.streams, verifier.events]).toEqual([2, 7]);
  });

  it('byStream forgets a finished stream (a stream seen again later starts over), the default keeps every tip', async () => {
    const a = stream('a', 2);
    const entries = [...a, ...stream('b', 1), a[1]!];
    expect((await verifyChains(from(entries))).breaks[0]).toMatchObject({ streamId: 'a', kind: 'missing-events', reason: 'version 1 appears again after 1' });
    const grouped = await verifyChains(from(entries), { byStream: true });
    expect(grouped.breaks[0]).toMatchObject({ streamId: 'a', kind: 'missing-events', reason: 'versions 0..0 are missing' });
    expect(grouped.streams).toBe(3);
  });
});
