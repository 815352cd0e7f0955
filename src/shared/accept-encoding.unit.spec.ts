import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './accept-encoding.js';

const pick = (header: string | undefined) => preferredEncoding(header, ['br', 'gzip'] as const);

describe('Accept-Encoding', () => {
  it.each([
    ['br;q=0, gzip;q=0', null],
    ['br;q=0, gzip', 'gzip'],
    ['BR; Q=0 , gzip;q=0.5', 'gzip'],
    ['gzip;q=0, br;q=0.5', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.8', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0, identity', null],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['br;q=abc', null],
  ])('%j -> %j', (header, expected) => {
    expect(pick(header)).toBe(expected);
  });
});
