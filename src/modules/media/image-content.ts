import { fileTypeFromBuffer } from 'file-type';

/** Image formats accepted by content (magic bytes), never by file name or declared type. SVG is refused (scripts). */
const ALLOWED: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'avif' };

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export async function sniffImage(buffer: Buffer): Promise<{ mime: string; ext: string } | null> {
  if (buffer.length === 0) return null;
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !ALLOWED[type.mime]) return null;
  return { mime: type.mime, ext: ALLOWED[type.mime]! };
}
