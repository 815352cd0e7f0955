/**
 * Google Drive share links and bare file ids, turned into direct-view links (both specs, section 5): the one set of
 * image-URL rules of the server (catalogue, carousels, the Drive copy routes) and of both SPAs (through
 * shared-web/images). No imports on purpose: the SPAs compile it with their own settings.
 */
const DRIVE_ID = /^[A-Za-z0-9_-]{25,}$/;

export function driveFileId(input: string): string | null {
  const value = input.trim();
  if (DRIVE_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return driveIdOf(url);
}

/** The file id of a parsed Drive or Docs link, or null for any other URL. */
function driveIdOf(url: URL): string | null {
  if (!/(^|\.)drive\.google\.com$|(^|\.)docs\.google\.com$/.test(url.hostname)) return null;
  const fromPath = /\/file\/d\/([A-Za-z0-9_-]+)/.exec(url.pathname)?.[1];
  const fromQuery = url.searchParams.get('id');
  const id = fromPath ?? fromQuery;
  return id && /^[A-Za-z0-9_-]+$/.test(id) ? id : null;
}

export const driveDirectLink = (id: string) => `https://drive.google.com/uc?export=view&id=${id}`;

/**
 * An image reference an admin may store: an http(s) URL (Drive links converted), a Drive file id, or a path to our own
 * media. Returns null when it is none of those.
 */
export function normaliseImageUrl(input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  if (/^\/media\/[A-Za-z0-9._/-]+$/.test(value) && !value.includes('..')) return value;
  if (DRIVE_ID.test(value)) return driveDirectLink(value);
  // Parsed once for both questions (a Drive link? an http(s) URL?): a bulk import normalises every row's images.
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const driveId = driveIdOf(url);
  if (driveId) return driveDirectLink(driveId);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.toString();
}
