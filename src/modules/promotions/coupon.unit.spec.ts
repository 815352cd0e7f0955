import { describe, expect, it } from 'vitest';
import { normaliseCode } from './coupon.js';
import { istInstant } from './schemas.js';

describe('coupon codes', () => {
  it('are trimmed, NFKC-normalised and upper-cased: case, spaces around and full-width forms name the same code', () => {
    expect(normaliseCode('  first10 ')).toEqual({ ok: true, code: 'FIRST10' });
    expect(normaliseCode('ＦＩＲＳＴ１０')).toEqual({ ok: true, code: 'FIRST10' });
    expect(normaliseCode('Diwali_25-off')).toEqual({ ok: true, code: 'DIWALI_25-OFF' });
  });

  it('refuse look-alikes, invisible characters and inner spaces, each with its own message', () => {
    expect(normaliseCode('FIRSТ10')).toMatchObject({ ok: false, error: expect.stringMatching(/only looks like/) }); // Cyrillic Т
    expect(normaliseCode('fırst10')).toMatchObject({ ok: false, error: expect.stringMatching(/only looks like/) }); // dotless ı
    expect(normaliseCode('FIRST\u200B10')).toMatchObject({ ok: false, error: 'Coupon code contains control or invisible characters' });
    expect(normaliseCode('FIRST 10')).toMatchObject({ ok: false, error: 'Coupon code must not contain spaces' });
    expect(normaliseCode('AB')).toMatchObject({ ok: false });
    expect(normaliseCode('FIRST10!')).toMatchObject({ ok: false });
  });
});

describe('coupon instants (IST)', () => {
  it('a local date-time is IST; a zone given is kept; a bare end date means the end of that day in IST', () => {
    expect(istInstant('2026-12-31T23:59:59', 'end')).toBe('2026-12-31T18:29:59.000Z');
    expect(istInstant('2026-12-31 18:00', 'start')).toBe('2026-12-31T12:30:00.000Z');
    expect(istInstant('2026-12-31T00:00:00Z', 'start')).toBe('2026-12-31T00:00:00.000Z');
    expect(istInstant('2026-12-31', 'start')).toBe('2026-12-30T18:30:00.000Z');
    expect(istInstant('2026-12-31', 'end')).toBe('2026-12-31T18:30:00.000Z');
    expect(istInstant('31/12/2026', 'end')).toBeNull();
    expect(istInstant('2026-02-30', 'end')).toBeNull();
  });
});
