import { describe, expect, it } from 'vitest';
import { invisibleMessage, isPhone, isVisibleText, normalisePhone } from './visible-text.js';

describe('isVisibleText', () => {
  it.each([
    'Asha Rao',
    'Ã‰lodie',
    'ナルト 疾風伝',
    'अनुष्का',
    'क्‍ष',
    'ന്‍',
    'Flat 4B, 2nd Cross, Indiranagar',
    '👩‍👩‍👧 family pack',
    "O'Brien-Smith",
    '❤️ fans',
    '山田\u3000太郎',
    '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} kilt',
  ])('accepts %j', (text) => {
    expect(isVisibleText(text)).toBe(true);
  });
  it.each([
    ['RTL override', 'Admin\u202Egnp.exe'],
    ['LTR override', '\u202DAdmin'],
    ['isolate', 'a\u2066b\u2069'],
    ['NUL', 'Asha\u0000'],
    ['bell', 'Asha\u0007'],
    ['escape', '\u001B[31mred'],
    ['DEL', 'Asha\u007F'],
    ['C1 control', 'Asha\u0085'],
    ['line break in a name', 'Asha\nRao'],
    ['tab in a name', 'Asha\tRao'],
    ['zero-width space', 'Ad\u200Bmin'],
    ['zero-width joiner between ASCII letters', 'Ad\u200Dmin'],
    ['zero-width non-joiner at the end', 'Admin\u200C'],
    ['word joiner', 'Ad\u2060min'],
    ['byte-order mark', '\uFEFFAdmin'],
    ['right-to-left mark', 'Admin\u200F'],
    ['soft hyphen', 'Ad\u00ADmin'],
    ['Hangul filler', 'Store\u3164Admin'],
    ['Hangul choseong filler', 'Store\u115FAdmin'],
    ['Hangul jungseong filler', '\u1160Admin'],
    ['halfwidth Hangul filler', 'Store\uFFA0Admin'],
    ['combining grapheme joiner', 'Ad\u034Fmin'],
    ['blank Braille pattern', 'Store\u2800Admin'],
    ['line separator', 'Store\u2028Admin'],
    ['paragraph separator', 'Store\u2029Admin'],
    ['Khmer inherent vowel', 'Ad\u17B4min'],
    ['Mongolian vowel separator', 'Ad\u180Emin'],
    ['invisible times', 'Ad\u2062min'],
    ['interlinear annotation', 'Ad\uFFF9min'],
    ['variation selector after ASCII', 'Ad\uFE0Fmin'],
    ['tag outside a flag', 'Admin\u{E0041}'],
    ['object replacement character', 'Admin\uFFFC'],
  ])('refuses a %s', (_name, text) => {
    expect(isVisibleText(text)).toBe(false);
  });
  it('lets multi-line text (reviews, descriptions) keep line breaks and tabs, nothing else', () => {
    expect(isVisibleText('Great figure.\r\nArrived safely.\tFive stars', { multiline: true })).toBe(true);
    expect(isVisibleText('Great\u0000figure', { multiline: true })).toBe(false);
    expect(isVisibleText('Great\u202Efigure', { multiline: true })).toBe(false);
    expect(isVisibleText('Great\u2028figure', { multiline: true })).toBe(false);
    expect(isVisibleText('Great\u00ADfigure', { multiline: true })).toBe(false);
  });
});

describe('invisibleMessage', () => {
  it('names the field', () => expect(invisibleMessage('Full name')).toBe('Full name contains control or invisible characters'));
});

describe('phone numbers', () => {
  it('reads +91, 91 and 0 prefixes, spaces and dashes as the 10 digits', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '+91-98765-43210', '098765 43210', '919876543210']) expect(normalisePhone(typed)).toBe('9876543210');
  });
  it('takes the prefix only when it starts the number and 10 digits end it: longer digit runs are kept whole (and refused)', () => {
    for (const typed of ['5509876543210', '0987654321012', '+9198765432101', '1+919876543210']) {
      expect(normalisePhone(typed), typed).toBe(typed);
      expect(isPhone(normalisePhone(typed)), typed).toBe(false);
    }
  });
  it('is 10 digits, nothing else', () => {
    expect(isPhone('9876543210')).toBe(true);
    for (const typed of ['12345', 'call me maybe', '98765432101', '+1 415 555 0100', '9'.repeat(500)]) expect(isPhone(normalisePhone(typed))).toBe(false);
  });
});
