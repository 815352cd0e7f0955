/*
 * No imports on purpose: the server's type check (tests/admin-web) reads this file with node16 resolution.
 */

/** The unsafe characters of a file name on the common file systems, and path separators. */
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]/g;

/**
 * The file name a Content-Disposition header names (RFC 6266): `filename*=UTF-8''…` (percent-encoded) first, else
 * `filename="…"` or a bare `filename=…`; `fallback` when it names none. Path parts are dropped, so a header can never
 * steer the download into another folder.
 */
export function downloadFileName(contentDisposition: string | null | undefined, fallback: string): string {
  const header = contentDisposition ?? '';
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^;"\s]+)/i.exec(header);
    name = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : bare ? bare[1]! : null;
  }
  const base = name?.split(/[\\/]/).pop()?.replace(UNSAFE, '_').trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
}
