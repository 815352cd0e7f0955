import { randomFillSync } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562 §5.7): the first 48 bits are the Unix time in milliseconds, the rest random, so ids made
 * later sort after earlier ones. New rows of the event log and the catalogue then go to the right-hand edge of their
 * B-tree indexes (events' event_id and stream_id, products' and catalogue facts' keys) instead of a random page each:
 * fewer pages dirtied, split and written whole to the WAL. See docs/decisions/0008-time-ordered-ids.md.
 *
 * The 36 characters are written into one reused buffer and read out as one flat string: the time's 12 hex digits
 * (rewritten when the millisecond changes), the version 7, the variant 10 and 74 random bits from a pool of random
 * bytes filled 256 ids at a time (crypto.randomFillSync). Two ids of one millisecond collide with probability 2⁻⁷⁴.
 * Node's randomUUID() builds its text by 20 string concatenations and the old version then cut and joined it again:
 * ~1 KB of short-lived strings per id (bench/catalogue/import-freshness.ts --alloc), 100,000 ids per 50,000-row import.
 */
const IDS_PER_FILL = 256;
const pool = Buffer.alloc(16 * IDS_PER_FILL);
let used = IDS_PER_FILL;
const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** The text being made: xxxxxxxx-xxxx-7xxx-Vxxx-xxxxxxxxxxxx (t = time, r = random, V = variant + random). */
const text = Buffer.from('00000000-0000-7000-8000-000000000000', 'latin1');
let lastMs = -1;

/** Writes byte `b` as two hex digits at `at`. */
const hexByte = (b: number, at: number) => {
  text[at] = HEX[b >> 4]!;
  text[at + 1] = HEX[b & 15]!;
};

export function timeOrderedId(now: number = Date.now()): string {
  if (now !== lastMs) {
    lastMs = now;
    const hex = now.toString(16).padStart(12, '0');
    text.write(hex.slice(0, 8), 0, 'latin1');
    text.write(hex.slice(8, 12), 9, 'latin1');
  }
  if (used === IDS_PER_FILL) {
    randomFillSync(pool);
    used = 0;
  }
  const r = 16 * used++;
  // 15–17: 12 random bits after the version digit; 19: the variant 10 and 2 random bits; 20–22: 12; 24–35: 48.
  text[15] = HEX[pool[r]! & 15]!;
  hexByte(pool[r + 1]!, 16);
  text[19] = HEX[8 | (pool[r + 2]! & 3)]!;
  text[20] = HEX[pool[r + 3]! & 15]!;
  hexByte(pool[r + 4]!, 21);
  for (let i = 0; i < 6; i++) hexByte(pool[r + 5 + i]!, 24 + 2 * i);
  return text.toString('latin1', 0, 36);
}
