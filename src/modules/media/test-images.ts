import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test fixtures: hostile images made in memory. */

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/**
 * A PNG whose header announces width × height (RGB, 8 bit) with one deflated row of pixels: a few hundred bytes that
 * a decoder would expand to width × height × 3 bytes. Only a check of the header before decoding stops it cheaply.
 */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(row)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small JPEG carrying EXIF with a GPS position (Bengaluru) and a camera serial, as a phone writes it. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone X', Copyright: 'shopper' },
      IFD2: { BodySerialNumber: 'SN-123456' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 20/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 40/1' },
    })
    .toBuffer();
}
