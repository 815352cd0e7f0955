import zlib from 'node:zlib';

/**
 * How far one entry may inflate. Spreadsheet XML packs 9–13 to 1 (a 50,000-row sheet, even of identical rows); a zip
 * bomb packs about 1,000 to 1. Entries under MIN_CHECKED_BYTES are not held to it (tiny files pack oddly).
 */
export const MAX_RATIO = 100;
const MIN_CHECKED_BYTES = 1024 * 1024;
/** An .xlsx holds a dozen or so entries (a few more with pictures): thousands is not a spreadsheet. */
export const MAX_ENTRIES = 2000;

const TOO_LARGE = 'too large once unpacked';
/** Packed far denser than spreadsheet XML, or in more pieces than a workbook has. */
const NOT_A_WORKBOOK = 'not shaped like a workbook';
const INVALID = 'not a valid spreadsheet';

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * An .xlsx is a zip; a few hundred KB can inflate to gigabytes (zip bomb). Before a spreadsheet library sees it, the
 * central directory alone is read: the number of entries, every entry's declared size and how far it inflates, and
 * the total against a budget; only then is each entry really inflated with a `maxOutputLength`, so a zip that lies
 * about its sizes is caught too. Returns the reason to refuse, or null.
 */
export function zipOverBudget(buffer: Buffer, maxTotalBytes: number): string | null {
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buffer.length) return INVALID;
  const count = buffer.readUInt16LE(eocd + 10);
  if (count > MAX_ENTRIES) return NOT_A_WORKBOOK;
  const entries: Entry[] = [];
  let at = buffer.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) return INVALID;
    const entry = {
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      localOffset: buffer.readUInt32LE(at + 42),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return TOO_LARGE;
    total += entry.size;
    if (total > maxTotalBytes) return TOO_LARGE;
    if (entry.size > MIN_CHECKED_BYTES && entry.size > entry.compressedSize * MAX_RATIO) return NOT_A_WORKBOOK;
    entries.push(entry);
    at += 46 + buffer.readUInt16LE(at + 28) + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  for (const { method, compressedSize, size, localOffset } of entries) {
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== 0x04034b50) return INVALID;
    const start = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    const data = buffer.subarray(start, start + compressedSize);
    if (method === 8) {
      try {
        if (zlib.inflateRawSync(data, { maxOutputLength: Math.max(size, 1) }).length !== size) return INVALID;
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError ? TOO_LARGE : INVALID;
      }
    } else if (method !== 0 || data.length !== size) return INVALID;
  }
  return null;
}
