import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../core/errors.js';
import { MAX_IMAGE_PIXELS, sniffImage } from './image-content.js';
import { SAFE_MEDIA_NAME } from './storage.js';

/**
 * Smaller copies of our own images for `srcset`: a phone 412 px wide should not download a 1600 px banner. A variant
 * is made on its first request (sharp: resized to the width, never enlarged, WebP) and kept on disk beside the media
 * (DATA_DIR/media-variants/<width>/<name>.webp), so every later request is a file read. The widths are a fixed list
 * (the storefront's srcset names the same ones: web/src/lib/responsive-images.ts): an open width would let anyone fill
 * the disk and the CPU with one variant per integer.
 */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Sources sharp may resize: what uploads store (re-encoded by sharp) and the generated demo pictures. */
const RASTER = /\.(webp|png|jpe?g|gif|avif)$/i;

export class NotAnImageError extends AppError {
  constructor() {
    super(415, 'Not an image');
  }
}

export interface ImageVariants {
  /** The variant's WebP bytes; 404 when the source does not exist, 415 when it is not an image sharp can read. */
  variant(name: string, width: VariantWidth): Promise<Buffer>;
}

export function imageVariants(dataDir: string): ImageVariants {
  const mediaRoot = path.resolve(dataDir, 'media');
  const cacheRoot = path.resolve(dataDir, 'media-variants');
  // One resize per variant even when many shoppers ask for it in the same moment.
  const inFlight = new Map<string, Promise<Buffer>>();

  async function make(source: string, target: string, width: VariantWidth): Promise<Buffer> {
    let input: Buffer;
    try {
      input = await readFile(source);
    } catch {
      throw new AppError(404, 'Image not found');
    }
    // By content, as uploads are checked: a file that is not a raster image (an SVG with scripts, text) is never decoded.
    if (!(await sniffImage(input))) throw new NotAnImageError();
    let output: Buffer;
    try {
      output = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
    } catch {
      throw new NotAnImageError();
    }
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    await writeFile(partial, output);
    await rename(partial, target); // whole or absent: a reader never sees half a file
    return output;
  }

  return {
    async variant(name, width) {
      if (!SAFE_MEDIA_NAME.test(name) || name.includes('..')) throw new AppError(404, 'Image not found');
      if (!RASTER.test(name)) throw new NotAnImageError();
      const source = path.join(mediaRoot, name);
      const target = path.join(cacheRoot, String(width), `${name}.webp`);
      try {
        // A variant older than its source (a demo picture drawn again under the same name) is made afresh.
        const [made, original] = await Promise.all([stat(target), stat(source)]);
        if (made.mtimeMs >= original.mtimeMs) return await readFile(target);
      } catch {
        // not made yet (or the source is missing: make() answers 404)
      }
      const key = `${width}/${name}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = make(source, target, width).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
