import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeOrderedId } from './time-ordered-id.js';

describe('timeOrderedId (UUID version 7)', () => {
  it('lays out an RFC 9562 version 7 UUID: the time in milliseconds, the version 7, the variant 10', () => {
    const at = Date.UTC(2026, 10, 24, 22, 30, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('sorts ids of later milliseconds after earlier ones, as text and as PostgreSQL uuid compare them', () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = [0, 1, 2, 255, 256, 4095, 4096, 65_536, 86_400_000].map((ms) => timeOrderedId(start + ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it('is unique within one millisecond (the random bits differ)', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedId(at)));
    expect(ids.size).toBe(10_000);
  });

  it('fills every random digit with random bits: each takes all 16 values (the variant digit 8, 9, a, b) over 20,000 ids', () => {
    const at = Date.UTC(2026, 10, 24, 23, 0, 0, 0);
    const ids = Array.from({ length: 20_000 }, () => timeOrderedId(at)); // more than one refill of the random pool
    const seen = Array.from({ length: 36 }, () => new Set<string>());
    for (const id of ids) for (let i = 0; i < 36; i++) seen[i]!.add(id[i]!);
    const random = [15, 16, 17, 20, 21, 22, ...Array.from({ length: 12 }, (_, i) => 24 + i)];
    for (const i of random) expect(seen[i]!.size, `digit ${i}`).toBe(16);
    expect([...seen[19]!].sort()).toEqual(['8', '9', 'a', 'b']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('takes the current time by default', () => {
    const before = Date.now();
    const id = timeOrderedId();
    const after = Date.now();
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });
});
