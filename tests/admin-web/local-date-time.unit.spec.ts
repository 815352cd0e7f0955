import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isoToLocalDateTime, localDateTimeToIso } from '../../admin-web/src/lib/local-date-time.js';

/** The order detail's "As of" input: a wall-clock time in the browser's zone, sent to the server as an instant. */
describe('admin "As of": local date-time to ISO', () => {
  const zone = process.env.TZ;
  const setZone = (tz: string) => {
    process.env.TZ = tz; // Node re-reads TZ on assignment
  };
  beforeEach(() => setZone('Asia/Kolkata'));
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads the value in the local zone (India: 5 h 30 min ahead of UTC)', () => {
    expect(localDateTimeToIso('2026-11-22T10:30')).toBe('2026-11-22T05:00:00.000Z');
    expect(localDateTimeToIso('2026-11-22T10:30:15')).toBe('2026-11-22T05:00:15.000Z');
    expect(localDateTimeToIso('2026-11-22T10:30:15.25')).toBe('2026-11-22T05:00:15.250Z');
    // Just after midnight in India is still the previous day in UTC.
    expect(localDateTimeToIso('2026-11-01T00:10')).toBe('2026-10-31T18:40:00.000Z');
  });

  it('follows the zone the browser is in, daylight saving time included', () => {
    setZone('America/New_York');
    expect(localDateTimeToIso('2026-01-15T09:00')).toBe('2026-01-15T14:00:00.000Z');
    expect(localDateTimeToIso('2026-07-15T09:00')).toBe('2026-07-15T13:00:00.000Z');
    setZone('UTC');
    expect(localDateTimeToIso('2026-07-15T09:00')).toBe('2026-07-15T09:00:00.000Z');
  });

  it('refuses an empty value, a bare date and dates or times that do not exist', () => {
    for (const bad of ['', '2026-11-22', '22/11/2026 10:30', '2026-02-30T10:00', '2026-11-22T24:00', '2026-11-22T10:60', '2026-11-22T10:30:61']) {
      expect(localDateTimeToIso(bad), bad).toBeNull();
    }
  });

  it('turns an instant back into the input value, to the second, and round-trips', () => {
    expect(isoToLocalDateTime('2026-11-22T05:00:15.250Z')).toBe('2026-11-22T10:30:15');
    expect(localDateTimeToIso(isoToLocalDateTime('2026-03-01T18:29:59.000Z'))).toBe('2026-03-01T18:29:59.000Z');
    expect(isoToLocalDateTime('not a date')).toBe('');
  });
});
