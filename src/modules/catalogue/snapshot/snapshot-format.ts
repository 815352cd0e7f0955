import { createHash } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import type { PooledLists } from '../search/posting-pool.js';

/**
 * The catalogue snapshot's file format: named sections (typed arrays, string columns, lists of numbers, small JSON),
 * then a directory naming them, then a SHA-256 of everything before it. A file is written under a temporary name and
 * renamed when whole, so a reader sees a complete snapshot or none; a damaged one fails its checksum.
 *
 *   "ACSNAP01" | sections … | directory (JSON, utf8) | directory length (u32 LE) | SHA-256 (32 bytes)
 */
const MAGIC = Buffer.from('ACSNAP01');
const HASH_BYTES = 32;
/** Strings whose UTF-8 lengths are measured between two yields to the event loop. */
const CHUNK = 16_384;

type TypedArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;
const TYPED = { f64: Float64Array, i32: Int32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array } as const;
type TypedName = keyof typeof TYPED;

export type SectionValue =
  | { typed: TypedArray }
  | { strings: readonly string[] }
  /** Lists of numbers (doubles); `lengths[i]` entries of `lists[i]` are written (lists only ever grow at the end). */
  | { lists: readonly (readonly number[])[]; lengths: Uint32Array }
  /** The same section from lists kept in one buffer (posting-pool.ts): list i is `values[starts[i] … + lengths[i]]`. */
  | { pooled: PooledLists }
  | { json: unknown };

export type DecodedSection = TypedArray | string[] | number[][] | unknown;

interface DirectoryEntry {
  name: string;
  type: TypedName | 'strings' | 'lists' | 'json';
  count: number;
  offset: number;
  bytes: number;
}

interface Directory {
  meta: unknown;
  sections: DirectoryEntry[];
}

export class SnapshotCorrupt extends Error {}

function typedName(array: TypedArray): TypedName {
  if (array instanceof Float64Array) return 'f64';
  if (array instanceof Int32Array) return 'i32';
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Uint16Array) return 'u16';
  return 'u8';
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes gathered before each write (and each yield to the event loop): 256 KiB, a few milliseconds of work. */
const SCRATCH_BYTES = 1 << 18;

/**
 * Gathers the file in one reused buffer and writes (and hashes) it a buffer at a time, yielding to the event loop
 * after each: the write allocates nothing per chunk, so a 1,000,000-product snapshot (over 300 MB) neither holds the
 * loop for long nor makes the collector walk a 1.5 GB heap again and again for hundreds of MB of short-lived chunks.
 */
class ScratchWriter {
  offset = 0;
  private used = 0;
  private readonly buffer: Buffer;

  constructor(
    private readonly handle: import('node:fs/promises').FileHandle,
    private readonly hash: import('node:crypto').Hash,
    size: number,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    const view = this.buffer.subarray(0, this.used);
    this.hash.update(view);
    await this.handle.write(view);
    this.offset += this.used;
    this.used = 0;
    await yieldToLoop();
  }

  async bytes(source: Uint8Array): Promise<void> {
    for (let at = 0; at < source.byteLength;) {
      const n = Math.min(this.buffer.byteLength - this.used, source.byteLength - at);
      this.buffer.set(source.subarray(at, at + n), this.used);
      this.used += n;
      at += n;
      if (this.used === this.buffer.byteLength) await this.flush();
    }
  }

  /** Puts a string of `length` UTF-8 bytes when it fits (synchronous: no promise per string); false: flush first. */
  putString(value: string, length: number): boolean {
    if (length > this.buffer.byteLength - this.used) return false;
    this.used += this.buffer.write(value, this.used, 'utf8');
    return true;
  }

  /** Puts a double when it fits; false: flush first. */
  putDouble(value: number): boolean {
    if (this.buffer.byteLength - this.used < 8) return false;
    this.used = this.buffer.writeDoubleLE(value, this.used);
    return true;
  }
}

/** Writes `sections` and `meta` to `file` (through `file.tmp-…`, renamed when complete). Yields between chunks. */
export async function writeSnapshot(
  file: string,
  meta: unknown,
  sections: Record<string, SectionValue>,
  options: { chunkBytes?: number } = {},
): Promise<{ bytes: number }> {
  const temporary = `${file}.tmp-${process.pid}-${Date.now()}`;
  const handle = await open(temporary, 'w');
  const hash = createHash('sha256');
  const out = new ScratchWriter(handle, hash, options.chunkBytes ?? SCRATCH_BYTES);
  try {
    await out.bytes(MAGIC);
    const directory: Directory = { meta, sections: [] };
    for (const [name, value] of Object.entries(sections)) {
      await out.flush();
      const start = out.offset;
      let entry: Omit<DirectoryEntry, 'offset' | 'bytes'>;
      if ('typed' in value) {
        const { typed } = value;
        // Little-endian, as every platform Node runs on here; a big-endian reader refuses the file (see readSnapshot).
        await out.bytes(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength));
        entry = { name, type: typedName(typed), count: typed.length };
      } else if ('strings' in value) {
        const { strings } = value;
        const lengths = new Uint32Array(strings.length);
        for (let i = 0; i < strings.length; i++) {
          lengths[i] = Buffer.byteLength(strings[i] ?? '');
          if (i % CHUNK === CHUNK - 1) await yieldToLoop();
        }
        await out.bytes(new Uint8Array(lengths.buffer));
        for (let i = 0; i < strings.length; i++) {
          const text = strings[i] ?? '';
          if (out.putString(text, lengths[i]!)) continue;
          await out.flush();
          if (!out.putString(text, lengths[i]!)) await out.bytes(Buffer.from(text, 'utf8'));
        }
        entry = { name, type: 'strings', count: strings.length };
      } else if ('lists' in value) {
        const { lists, lengths } = value;
        await out.bytes(new Uint8Array(lengths.buffer, lengths.byteOffset, lengths.byteLength));
        for (let i = 0; i < lists.length; i++) {
          const list = lists[i]!;
          for (let k = 0, n = lengths[i]!; k < n; k++) {
            if (out.putDouble(list[k]!)) continue;
            await out.flush();
            out.putDouble(list[k]!);
          }
        }
        entry = { name, type: 'lists', count: lists.length };
      } else if ('pooled' in value) {
        const { values, starts, lengths } = value.pooled;
        await out.bytes(new Uint8Array(lengths.buffer, lengths.byteOffset, lengths.byteLength));
        for (let i = 0; i < lengths.length; i++) {
          for (let k = starts[i]!, end = k + lengths[i]!; k < end; k++) {
            if (out.putDouble(values[k]!)) continue;
            await out.flush();
            out.putDouble(values[k]!);
          }
        }
        entry = { name, type: 'lists', count: lengths.length };
      } else {
        await out.bytes(Buffer.from(JSON.stringify(value.json)));
        entry = { name, type: 'json', count: 0 };
      }
      await out.flush();
      directory.sections.push({ ...entry, offset: start, bytes: out.offset - start });
    }
    const text = Buffer.from(JSON.stringify(directory));
    await out.bytes(text);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(text.byteLength);
    await out.bytes(length);
    await out.flush();
    await handle.write(hash.digest());
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
    return { bytes: out.offset + HASH_BYTES };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Reads a snapshot written by writeSnapshot; throws SnapshotCorrupt when the file is damaged or not one. */
export async function readSnapshot(file: string): Promise<{ meta: unknown; sections: Map<string, DecodedSection>; bytes: number }> {
  const buffer = await readFile(file);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new SnapshotCorrupt('big-endian platform: snapshot not readable');
  if (buffer.byteLength < MAGIC.byteLength + 4 + HASH_BYTES || !buffer.subarray(0, MAGIC.byteLength).equals(MAGIC)) {
    throw new SnapshotCorrupt('not a catalogue snapshot');
  }
  const body = buffer.subarray(0, buffer.byteLength - HASH_BYTES);
  if (!createHash('sha256').update(body).digest().equals(buffer.subarray(body.byteLength))) throw new SnapshotCorrupt('checksum mismatch');
  const directoryLength = body.readUInt32LE(body.byteLength - 4);
  const directory = JSON.parse(body.toString('utf8', body.byteLength - 4 - directoryLength, body.byteLength - 4)) as Directory;
  const sections = new Map<string, DecodedSection>();
  for (const entry of directory.sections) {
    const bytes = body.subarray(entry.offset, entry.offset + entry.bytes);
    if (entry.type === 'json') {
      sections.set(entry.name, JSON.parse(bytes.toString('utf8')));
    } else if (entry.type === 'strings') {
      const lengths = copyTyped('u32', bytes, entry.count) as Uint32Array;
      const strings = new Array<string>(entry.count);
      let at = entry.count * 4;
      for (let i = 0; i < entry.count; i++) {
        const next = at + lengths[i]!;
        strings[i] = bytes.toString('utf8', at, next);
        at = next;
      }
      sections.set(entry.name, strings);
    } else if (entry.type === 'lists') {
      const lengths = copyTyped('u32', bytes, entry.count) as Uint32Array;
      const values = copyTyped('f64', bytes.subarray(entry.count * 4), (entry.bytes - entry.count * 4) / 8) as Float64Array;
      const lists = new Array<number[]>(entry.count);
      let at = 0;
      for (let i = 0; i < entry.count; i++) {
        const n = lengths[i]!;
        const list = new Array<number>(n);
        for (let k = 0; k < n; k++) list[k] = values[at + k]!;
        lists[i] = list;
        at += n;
      }
      sections.set(entry.name, lists);
    } else {
      sections.set(entry.name, copyTyped(entry.type, bytes, entry.count));
    }
  }
  return { meta: directory.meta, sections, bytes: buffer.byteLength };
}

/** A typed array of `count` elements copied out of `bytes` (aligned, and not holding the file's buffer alive). */
function copyTyped(type: TypedName, bytes: Buffer, count: number): TypedArray {
  const array = new TYPED[type](count);
  const size = count * array.BYTES_PER_ELEMENT;
  if (bytes.byteLength < size) throw new SnapshotCorrupt('section shorter than its directory says');
  new Uint8Array(array.buffer).set(bytes.subarray(0, size));
  return array;
}
