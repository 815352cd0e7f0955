/**
 * A slide's call-to-action link (an open redirect otherwise): empty, a path on this store (`/keychains`,
 * `/search?q=naruto`), or an absolute https URL the admin typed. Browsers read `\` as `/` and drop tabs and line
 * breaks inside URLs, so `/\evil.example` and `/<tab>/evil.example` become `//evil.example` (another site): any
 * backslash, control or invisible formatting character, and whitespace are refused outright, and a path must resolve
 * to this store's own origin.
 */
const UNSAFE = /[\\\s\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/;
const PROBE_ORIGIN = 'https://store.invalid';

export const SLIDE_LINK_MESSAGE = 'Call-to-action link must be a path on this store like /keychains or an https:// URL';

export function isSafeSlideLink(link: string): boolean {
  if (link === '') return true;
  if (UNSAFE.test(link)) return false;
  if (link.startsWith('/')) {
    if (link.startsWith('//')) return false;
    try {
      const url = new URL(link, PROBE_ORIGIN);
      // Dot segments resolve first (`/..//evil.example`, `/.%2e//evil.example` are `//evil.example`): a path that
      // begins with two slashes once resolved is another site to a browser and to the storefront's router.
      return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//');
    } catch {
      return false;
    }
  }
  if (!/^https:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * The link as it is kept: a path on this store with its dot segments resolved (`/figures/../keychains` is
 * `/keychains`), so what the storefront renders is the very path that was checked; anything else unchanged.
 */
export function normaliseSlideLink(link: string): string {
  if (!link.startsWith('/') || !isSafeSlideLink(link)) return link;
  const url = new URL(link, PROBE_ORIGIN);
  return `${url.pathname}${url.search}${url.hash}`;
}
