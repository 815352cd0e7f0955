import zlib from 'node:zlib';

/**
 * An .xlsx is a zip; a few hundred KB can inflate to gigabytes (zip bomb). Before a spreadsheet library sees it, every
 * entry is checked against its declared size and the total against a budget. Entries are really inflated with a
 * `maxOutputLength`, so a zip that lies about its sizes is caught too. Returns the reason to refuse, or null.
 */
export function zipOverBudget(buffer: Buffer, maxTotalBytes: number): string | null {
  const eocd = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buffer.length) return 'not a valid spreadsheet';
  const entries = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) return 'not a valid spreadsheet';
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const localOffset = buffer.readUInt32LE(at + 42);
    if (size === 0xffffffff || compressedSize === 0xffffffff) return 'too large once unpacked';
    total += size;
    if (total > maxTotalBytes) return 'too large once unpacked';
    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== 0x04034b50) return 'not a valid spreadsheet';
    const start = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    const data = buffer.subarray(start, start + compressedSize);
    if (method === 8) {
      try {
        if (zlib.inflateRawSync(data, { maxOutputLength: Math.max(size, 1) }).length !== size) return 'not a valid spreadsheet';
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError
          ? 'too large once unpacked'
          : 'not a valid spreadsheet';
      }
    } else if (method !== 0 || data.length !== size) return 'not a valid spreadsheet';
    at = next;
  }
  return null;
}
