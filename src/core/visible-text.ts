/**
 * Text people read in the admin, on invoices and in e-mails (names, addresses, reviews, product names) must show what
 * it holds (spoofing): no control characters, no format characters (bidirectional overrides and isolates — U+202E turns
 * "gnp.exe" around —, zero-width spaces, word joiners, byte-order marks, the soft hyphen U+00AD, tags), no line or
 * paragraph separators (U+2028/2029), and none of the characters that draw as nothing although they are letters or
 * symbols: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the combining grapheme joiner (U+034F), the blank
 * Braille pattern (U+2800), Khmer's inherent vowels (U+17B4/5), the object replacement character. With them
 * "Store\u3164Admin" is listed as "Store Admin".
 * Zero-width (non-)joiners and variation selectors are part of Indic scripts and emoji sequences (a Malayalam chillu
 * may end a word with one; U+FE0F asks for the emoji form), so they stay allowed after non-ASCII characters and are
 * refused next to ASCII ("Ad\u200Dmin") or at the start. Tags (U+E0020–E007F) only spell subdivision flags after 🏴.
 * Multi-line text (reviews, descriptions) may hold tabs and line breaks.
 */
const CONTROL = /\p{Cc}/u;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const JOINER_OR_SELECTOR = '\\u200C\\u200D\\u180B-\\u180D\\u180F\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}';
const TAG = '\\u{E0020}-\\u{E007F}';
// These classes list joiners and combining marks on their own on purpose: finding them alone is the point.
/* eslint-disable no-misleading-character-class */
/** Format characters and separators, except the joiners and tags judged by their neighbours below. */
const INVISIBLE = new RegExp(`(?![\\u200C\\u200D${TAG}])[\\p{Cf}\\p{Zl}\\p{Zp}]`, 'u');
const FILLER = /[\u034F\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0\uFFFC]/u;
const LOOSE_JOINER = new RegExp(`(?:^|[\\u0000-\\u007F])[${JOINER_OR_SELECTOR}]|[\\u200C\\u200D][\\u0000-\\u007F]`, 'u');
const LOOSE_TAG = new RegExp(`(?<![\\u{1F3F4}${TAG}])[${TAG}]`, 'u');
/* eslint-enable no-misleading-character-class */

export function isVisibleText(text: string, options: { multiline?: boolean } = {}): boolean {
  const withoutBreaks = options.multiline === true ? text.replace(/[\t\n\r]/g, ' ') : text;
  if (CONTROL.test(withoutBreaks) || INVISIBLE.test(text) || FILLER.test(text) || LOOSE_JOINER.test(text) || LOOSE_TAG.test(text)) return false;
  return options.multiline === true || !LINE_BREAK_OR_TAB.test(text);
}

export const invisibleMessage = (label: string) => `${label} contains control or invisible characters`;

/**
 * Indian phone numbers as people type them: +91 98765-43210, 098765 43210 → 9876543210; anything else is kept as
 * typed (without spaces and dashes) for the 10-digit check to judge.
 */
export function normalisePhone(phone: string): string {
  const compact = phone.replace(/[\s-]/g, '');
  return /^(\+91|91|0)\d{10}$/.test(compact) ? compact.slice(-10) : compact;
}
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const isPhone = (normalised: string) => /^\d{10}$/.test(normalised);
