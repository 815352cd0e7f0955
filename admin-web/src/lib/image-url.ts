/** Image URL rules of the product form (admin spec section 5). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';
const DRIVE_ID = /^[A-Za-z0-9_-]{25,}$/;

export function driveFileId(url: string): string | null {
  const trimmed = url.trim();
  const fileD = trimmed.match(/(?:drive|docs)\.google\.com\/file\/d\/([A-Za-z0-9_-]+)/);
  if (fileD) return fileD[1]!;
  const openId = trimmed.match(/(?:drive|docs)\.google\.com\/(?:open|uc)\?(?:.*&)?id=([A-Za-z0-9_-]+)/);
  if (openId) return openId[1]!;
  if (DRIVE_ID.test(trimmed)) return trimmed;
  return null;
}

export const driveDirectLink = (id: string) => `https://drive.google.com/uc?export=view&id=${id}`;

/** Drive share links (file/d/, open?id=, view?usp=sharing) or a bare file id become a direct-view link (what is stored). */
export function normaliseImageUrl(url: string): string {
  const trimmed = url.trim();
  const id = driveFileId(trimmed);
  return id ? driveDirectLink(id) : trimmed;
}

/** What an <img> loads: Drive images through the product image proxy; everything else as is; empty -> placeholder. */
export function displayImageUrl(url: string | null | undefined): string {
  const trimmed = (url ?? '').trim();
  if (!trimmed) return PLACEHOLDER_IMAGE;
  if (driveFileId(trimmed)) return `/api/products/image-proxy?url=${encodeURIComponent(normaliseImageUrl(trimmed))}`;
  return trimmed;
}

const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;
const IMAGE_HOSTS = /(drive\.google\.com|docs\.google\.com|googleusercontent\.com|unsplash\.com|pexels\.com|pixabay\.com|cloudinary\.com)$/i;

/** Recognised image URLs end in jpg, jpeg, png, gif or webp, or come from Drive, Google user content or stock photo hosts; our own /media/ too. */
export function isValidImageUrl(url: string): boolean {
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

/** The one retry of a failed image: the same URL with a cache-busting query (spec section 8). */
export function withCacheBust(url: string, stamp: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}_r=${stamp}`;
}
