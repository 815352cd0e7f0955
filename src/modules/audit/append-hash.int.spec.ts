import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHash, eventHashFromText, jsonbText } from '../../core/event-hash.js';
import { createTestDatabase } from '../../../tests/helpers/test-runtime.js';

/**
 * The append trigger (migrations/093_event_hash_by_text.sql) builds the hash input from the columns' text; the chain's
 * definition is the jsonb text of [prev, stream, version, id, type, data, metadata] (event_hash(), migrations/043, and
 * src/core/event-hash.ts). Hostile content, written as raw JSON text so that jsonb keeps what JavaScript would not
 * (1.10, 1e21, -0), must hash to the same bytes all three ways.
 */
const DATA_TEXTS = [
  '{"zeta": 1, "a": "plain", "": "empty key", "Z": null, "bb": {"ab": 1, "b": 2, "aa": 3}}',
  '{"price": 1.10, "big": 1e21, "tiny": 1E-7, "neg": -0, "negf": -0.0, "exp": 2.5e+3, "int": 123456789012345678901234567890, "zero": 0.000}',
  '{"esc": "quote \\" backslash \\\\ slash \\/ newline \\n tab \\t cr \\r bell \\u0007 del \\u007f nul-free \\u001f"}',
  '{"unicode": "鬼滅の刃 ₹1,299 ключ значение 🎌 \\u2028 \\u00e9 é", "ключ": {"日本": [true, false, null, {}, []]}}',
  '{"nested": {"deeper": {"deepest": [1, [2, [3, {"k": "v\\"q"}]]]}}, "list": [{"b": 1, "a": 2}, "s", 0.5]}',
  '"a top-level string with \\"quotes\\" and \\\\"',
  '12.50',
  '[]',
  '{}',
  'null',
];
const METADATA_TEXT = '{"userId": "admin\\"1", "correlationId": "c-1", "at": "2026-11-24T22:00:00.000Z", "n": 1}';
const STREAMS = ['plain-stream', 'quote"stream\\with backslash', 'unicode-ストリーム-₹', 'control\tand\nnewline\u0001'];
const TYPES = ['ProductAdded', 'Type"With\\Escapes\u0007', 'Тип'];
const IDS = (n: number) => `0193a5b0-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('append trigger hash (093) against the chain definition', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase({ migrated: true }), max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
  });

  it('stores, for hostile streams, types and content, the hash event_hash() and src/core/event-hash.ts compute', async () => {
    let n = 0;
    for (const stream of STREAMS) {
      // Each stream gets every data text in turn, so every later event chains to a predecessor (prev_hash set).
      for (const [version, dataText] of DATA_TEXTS.entries()) {
        const type = TYPES[(version + n) % TYPES.length]!;
        await pool.query(`insert into events (stream_id, stream_version, event_id, type, data, metadata) values ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`, [
          stream,
          version,
          IDS(++n),
          type,
          dataText,
          METADATA_TEXT,
        ]);
      }
    }
    const { rows } = await pool.query<{
      stream_id: string;
      stream_version: number;
      event_id: string;
      type: string;
      data_text: string;
      metadata_text: string;
      prev_hash: string | null;
      hash: string;
      reference: string;
      predecessor: string | null;
    }>(
      `select e.stream_id, e.stream_version, e.event_id::text, e.type, e.data::text as data_text, e.metadata::text as metadata_text,
              e.prev_hash, e.hash, event_hash(e.prev_hash, e.stream_id, e.stream_version, e.event_id, e.type, e.data, e.metadata) as reference,
              (select p.hash from events p where p.stream_id = e.stream_id and p.stream_version = e.stream_version - 1) as predecessor
         from events e order by e.global_position`,
    );
    expect(rows).toHaveLength(STREAMS.length * DATA_TEXTS.length);
    // The content went in hostile: jsonb kept the numbers' text that JavaScript would have changed.
    expect(rows.map((r) => r.data_text)).toContain(
      '{"big": 1000000000000000000000, "exp": 2500, "int": 123456789012345678901234567890, "neg": 0, "negf": 0.0, "tiny": 0.0000001, "zero": 0.000, "price": 1.10}',
    );
    let checkedByValue = 0;
    for (const r of rows) {
      expect(r.hash, `${r.stream_id} v${r.stream_version}`).toBe(r.reference);
      expect(r.prev_hash).toBe(r.predecessor);
      const content = { prevHash: r.prev_hash, streamId: r.stream_id, version: r.stream_version, eventId: r.event_id, type: r.type };
      expect(eventHashFromText({ ...content, dataText: r.data_text, metadataText: r.metadata_text })).toBe(r.hash);
      // Where JavaScript's values print the same text (not 1.10 or -0.0), the hash from values agrees too.
      const data: unknown = JSON.parse(r.data_text);
      const metadata: unknown = JSON.parse(r.metadata_text);
      if (jsonbText(data) === r.data_text && jsonbText(metadata) === r.metadata_text) {
        expect(eventHash({ ...content, data, metadata })).toBe(r.hash);
        checkedByValue++;
      }
    }
    expect(checkedByValue).toBeGreaterThanOrEqual(STREAMS.length * (DATA_TEXTS.length - 2));
  });
});
