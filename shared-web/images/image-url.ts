/**
 * What the browsers do with a stored image value (both specs, sections 5 and 8), on top of the server's own Drive
 * rules (src/contract/image-urls.ts): which URL an <img> loads, which URLs the admin form accepts, and the one
 * cache-busting retry of an image that failed to load.
 */
import { driveDirectLink, driveFileId, normaliseImageUrl as normaliseStoredImageUrl } from '../../src/contract/image-urls.js';

export { driveDirectLink, driveFileId };

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** A value that names an image: not empty, not the strings 'null' / 'undefined' an old import may have stored. */
export function isUsableImage(url: string | null | undefined): url is string {
  return !!url && url !== 'null' && url !== 'undefined' && !!url.trim();
}

/** What an <img> loads: Drive images through the product image proxy, everything else as it is; nothing → placeholder. */
export function displayImageUrl(url: string | null | undefined): string {
  if (!isUsableImage(url)) return PLACEHOLDER_IMAGE;
  const id = driveFileId(url);
  return id ? `/api/products/image-proxy?url=${encodeURIComponent(driveDirectLink(id))}` : url.trim();
}

/** What the admin form stores: Drive links and ids as direct-view links (the server's rule); others trimmed. */
export function normaliseImageUrl(url: string): string {
  return normaliseStoredImageUrl(url) ?? url.trim();
}

const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;
const IMAGE_HOSTS = /(drive\.google\.com|docs\.google\.com|googleusercontent\.com|unsplash\.com|pexels\.com|pixabay\.com|cloudinary\.com)$/i;

/** Image URLs the admin may enter: URLs ending in jpg, jpeg, png, gif or webp, or from Drive, Google user content or stock photo hosts; our own /media/ too. */
export function isRecognisedImageUrl(url: string): boolean {
  const trimmed = url.trim();
  if (!trimmed) return false;
  if (driveFileId(trimmed)) return true;
  if (/^\/media\/[A-Za-z0-9._/-]+$/.test(trimmed) && !trimmed.includes('..')) return true;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return IMAGE_EXTENSION.test(parsed.pathname) || IMAGE_HOSTS.test(parsed.hostname);
}

export function isPlaceholder(url: string | null | undefined): boolean {
  return !url || url === PLACEHOLDER_IMAGE || /placeholder/i.test(url);
}

/** The one retry of a failed image: the same URL with a cache-busting query (both specs, section 8). */
export function withCacheBust(url: string, stamp: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}_r=${stamp}`;
}
