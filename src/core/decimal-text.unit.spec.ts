import { describe, expect, it } from 'vitest';
import { decimalText } from './decimal-text.js';

describe('decimalText', () => {
  it.each([
    ['499', 499],
    ['499.50', 499.5],
    ['0', 0],
    ['-3', -3],
    ['.5', 0.5],
  ])('reads plain decimal text %j as %d', (text, number) => {
    expect(decimalText(text)).toBe(number);
  });
  it.each([true, false, '0x3', '0b11', '0o3', '1e2', ' 3 ', '3 ', '', '   ', 'Infinity', 'NaN', '3.', '1_000', '+3', '٣'])(
    'passes %j on unchanged (the number schema refuses it)',
    (value) => {
      expect(decimalText(value)).toBe(value);
    },
  );
  it('trims only when asked (spreadsheet cells, admin form inputs)', () => {
    expect(decimalText(' 12 ', { trim: true })).toBe(12);
    expect(decimalText(' 0x3 ', { trim: true })).toBe(' 0x3 ');
  });
  it('leaves numbers and other types alone', () => {
    expect(decimalText(7)).toBe(7);
    expect(decimalText(7, { trim: true })).toBe(7);
    expect(decimalText(null)).toBe(null);
    expect(decimalText(undefined)).toBe(undefined);
  });
  it('does not read a JSON array or object as the number its text looks like (["5"] stays refused)', () => {
    const list = ['5'];
    const boxed = { toString: () => '5' };
    expect(decimalText(list)).toBe(list);
    expect(decimalText(boxed)).toBe(boxed);
  });
});
