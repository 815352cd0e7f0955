/**
 * Where a slide's call-to-action may take the shopper: a path on this store (client-side navigation) or an absolute
 * https URL the admin gave (a plain link). Anything else — `//evil.example`, `/\evil.example` (browsers read `\` as
 * `/`), paths with tabs or line breaks (browsers drop them), invisible or control characters, other schemes — renders
 * no button. The server refuses such links too, but slides saved before that rule stay in the event log.
 */
export type SlideTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

const UNSAFE = /[\\\s\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/;
// Resolving against a fixed origin tells whether a path stays on the page's own origin, with no window access (SSR).
const PROBE_ORIGIN = 'https://store.invalid';

export function slideTarget(link: string | undefined | null): SlideTarget | null {
  if (!link || UNSAFE.test(link)) return null;
  try {
    if (link.startsWith('/')) {
      if (link.startsWith('//')) return null;
      const url = new URL(link, PROBE_ORIGIN);
      return url.origin === PROBE_ORIGIN ? { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` } : null;
    }
    if (!/^https:\/\//i.test(link)) return null;
    const url = new URL(link);
    if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null;
    return { kind: 'external', href: url.href };
  } catch {
    return null;
  }
}
