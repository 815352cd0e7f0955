export const PLACEHOLDER_IMAGE = '/placeholder.svg';

const DRIVE_ID = /^[A-Za-z0-9_-]{25,}$/;

/** Google Drive share links (file/d/, open?id=, view?usp=sharing) or a bare file id become a direct-view link. */
export function driveDirectLink(url: string): string | null {
  const trimmed = url.trim();
  const fileMatch = /drive\.google\.com\/file\/d\/([A-Za-z0-9_-]+)/.exec(trimmed);
  if (fileMatch) return `https://drive.google.com/uc?export=view&id=${fileMatch[1]}`;
  const openMatch = /drive\.google\.com\/(?:open|uc)\?(?:.*&)?id=([A-Za-z0-9_-]+)/.exec(trimmed);
  if (openMatch) return `https://drive.google.com/uc?export=view&id=${openMatch[1]}`;
  if (DRIVE_ID.test(trimmed) && !trimmed.includes('.')) return `https://drive.google.com/uc?export=view&id=${trimmed}`;
  return null;
}

export function isRecognisedImageUrl(url: string): boolean {
  return (
    /\.(jpe?g|png|gif|webp)(\?.*)?$/i.test(url) ||
    /(drive\.google\.com|googleusercontent\.com|unsplash\.com|pexels\.com|pixabay\.com)/i.test(url)
  );
}

/** What an <img> should load for a stored image value: local paths as they are, Drive through our proxy. */
export function resolveImageUrl(url: string | null | undefined): string {
  if (!url || url === 'null' || url === 'undefined' || !url.trim()) return PLACEHOLDER_IMAGE;
  const drive = driveDirectLink(url);
  if (drive) return `/api/products/image-proxy?url=${encodeURIComponent(drive)}`;
  return url.trim();
}

export function isUsableImage(url: string | null | undefined): boolean {
  return !!url && url !== 'null' && url !== 'undefined' && !!url.trim();
}

export function withCacheBust(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${Date.now()}`;
}
