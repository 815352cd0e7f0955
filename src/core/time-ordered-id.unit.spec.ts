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

  it('takes the current time by default', () => {
    const before = Date.now();
    const id = timeOrderedId();
    const after = Date.now();
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });
});
