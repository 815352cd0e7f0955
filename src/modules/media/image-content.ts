import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Image formats accepted by content (magic bytes), never by file name or declared type. SVG is refused (scripts). */
const ALLOWED: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'avif' };

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Decoded size cap, read from the header before any pixel is decoded: 40 megapixels (e.g. 8000 × 5000, beyond any
 * phone camera's photo) decode to about 160 MB of RGBA; a 20000 × 20000 PNG of 1 MB would need 1.6 GB.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = `Image too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;

export async function sniffImage(buffer: Buffer): Promise<{ mime: string; ext: string } | null> {
  if (buffer.length === 0) return null;
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !ALLOWED[type.mime]) return null;
  return { mime: type.mime, ext: ALLOWED[type.mime]! };
}

export type CleanImage = { buffer: Buffer; mime: string; ext: string };
export type ImageRefusal = { refused: 'not-an-image' | 'too-many-pixels' };

/**
 * What the store keeps of an uploaded image: checked by content, its size read from the header (sharp's metadata
 * reads no pixels) and refused past MAX_IMAGE_PIXELS, then decoded under the same cap and re-encoded, which drops
 * EXIF (GPS position, camera serial), XMP, IPTC and comments. The EXIF orientation is applied first so a phone
 * photo stays upright. AVIF is stored as WebP (encoding AVIF costs seconds per image).
 */
export async function cleanImage(buffer: Buffer): Promise<CleanImage | ImageRefusal> {
  const type = await sniffImage(buffer);
  if (!type) return { refused: 'not-an-image' };
  let pixels: number;
  let animated: boolean;
  try {
    const meta = await sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, animated: true }).metadata();
    if (!meta.width || !meta.height) return { refused: 'not-an-image' };
    // Every frame of an animation is decoded: count them all, whichever way the header reports the height.
    pixels = meta.width * Math.max(meta.height, (meta.pageHeight ?? meta.height) * (meta.pages ?? 1));
    animated = (meta.pages ?? 1) > 1;
  } catch (error) {
    return /pixel limit/i.test(String(error)) ? { refused: 'too-many-pixels' } : { refused: 'not-an-image' };
  }
  if (pixels > MAX_IMAGE_PIXELS) return { refused: 'too-many-pixels' };
  try {
    const image = sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' });
    if (!animated) image.autoOrient();
    switch (type.ext) {
      case 'jpg':
        return { buffer: await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), mime: 'image/jpeg', ext: 'jpg' };
      case 'png':
        return { buffer: await image.png({ compressionLevel: 9 }).toBuffer(), mime: 'image/png', ext: 'png' };
      case 'gif':
        return { buffer: await image.gif().toBuffer(), mime: 'image/gif', ext: 'gif' };
      default:
        return { buffer: await image.webp({ quality: 90 }).toBuffer(), mime: 'image/webp', ext: 'webp' };
    }
  } catch (error) {
    return /pixel limit/i.test(String(error)) ? { refused: 'too-many-pixels' } : { refused: 'not-an-image' };
  }
}
