/**
 * Text people read in the admin and on invoices (names, addresses, reviews, product names) must show what it holds
 * (spoofing): no control characters, no bidirectional overrides or isolates (U+202E turns "gnp.exe" around),
 * no zero-width spaces, word joiners or byte-order marks. Zero-width (non-)joiners are part of Indic scripts and emoji
 * sequences (a Malayalam chillu may end a word with one), so they stay allowed after non-ASCII characters and are
 * refused next to ASCII ("Ad\u200Dmin") or at the start.
 * Multi-line text (reviews, descriptions) may hold tabs and line breaks.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const INVISIBLE = /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
const LOOSE_JOINER = /(?:^|[\u0000-\u007F])[\u200C\u200D]|[\u200C\u200D][\u0000-\u007F]/;

export function isVisibleText(text: string, options: { multiline?: boolean } = {}): boolean {
  if (CONTROL.test(text) || INVISIBLE.test(text) || LOOSE_JOINER.test(text)) return false;
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
