import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventHash, eventHashFromText, jsonbText } from './event-hash.js';

/** Expected texts are what PostgreSQL prints for `value::jsonb::text` (chain.int.spec.ts compares against the server). */
describe('jsonbText', () => {
  it.each([
    [null, 'null'],
    [undefined, 'null'],
    ['a"b\\c\n', '"a\\"b\\\\c\\n"'],
    [true, 'true'],
    [false, 'false'],
    [12n, '12'],
    [42, '42'],
    [-1.5, '-1.5'],
    [Number.NaN, 'null'],
    [Number.POSITIVE_INFINITY, 'null'],
    [1e21, '1000000000000000000000'],
    [1.5e21, '1500000000000000000000'],
    [-1.25e22, '-12500000000000000000000'],
    [1.5e-7, '0.00000015'],
    [-2.5e-7, '-0.00000025'],
    [1e-7, '0.0000001'],
    [5e-324, `0.${'0'.repeat(323)}5`],
    [Number.MAX_VALUE, `17976931348623157${'0'.repeat(292)}`],
    [1.2345678901234566e25, '12345678901234566000000000'],
    [[1, 'a', null, undefined, () => 0], '[1, "a", null, null, null]'],
    [{ bb: 1, a: 2, ccc: { z: [], y: {} }, skip: undefined, fn: () => 0 }, '{"a": 2, "bb": 1, "ccc": {"y": {}, "z": []}}'],
    [{ b: 1, a: 2, ä: 3 }, '{"a": 2, "b": 1, "ä": 3}'],
    [new Date('2026-01-02T03:04:05.000Z'), '"2026-01-02T03:04:05.000Z"'],
    [Symbol('x'), 'null'],
  ])('%s -> %s', (value, text) => expect(jsonbText(value)).toBe(text));

  it('orders keys by byte length before bytes (PostgreSQL jsonb), not alphabetically', () => {
    expect(jsonbText({ zz: 1, aaa: 2, y: 3 })).toBe('{"y": 3, "zz": 1, "aaa": 2}');
    expect(jsonbText({ é: 1, ab: 2 })).toBe('{"ab": 2, "é": 1}'); // é is 2 bytes: same length, then bytes
  });
});

describe('event hashes', () => {
  const content = {
    prevHash: null,
    streamId: 'order-1',
    version: 0,
    eventId: 'e-1',
    type: 'OrderPlaced',
    data: { b: 1, a: 'x' },
    metadata: { correlationId: 'c' },
  };
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

  it('hash the jsonb text of [prevHash or "", stream, version, id, type, data, metadata]', () => {
    expect(eventHash(content)).toBe(sha('["", "order-1", 0, "e-1", "OrderPlaced", {"a": "x", "b": 1}, {"correlationId": "c"}]'));
    expect(eventHash({ ...content, prevHash: 'ab', version: 1 })).toBe(
      sha('["ab", "order-1", 1, "e-1", "OrderPlaced", {"a": "x", "b": 1}, {"correlationId": "c"}]'),
    );
  });

  it('the text form gives the same hash as the value form', () => {
    const { data, metadata, ...rest } = content;
    expect(eventHashFromText({ ...rest, dataText: jsonbText(data), metadataText: jsonbText(metadata) })).toBe(eventHash(content));
    expect(eventHashFromText({ ...rest, dataText: '{"a": "y", "b": 1}', metadataText: jsonbText(metadata) })).not.toBe(eventHash(content));
  });
});
