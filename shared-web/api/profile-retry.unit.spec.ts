import { describe, expect, it } from 'vitest';
import { profileRetryDelay, retryProfile } from './retry.js';

/** Session restore in the dashboard (docs/decisions/0004-sessions-and-retries.md): a 401 sends the admin to /login at once; other failures are asked again. */
describe('admin profile check', () => {
  it('never retries a 401, retries network errors, 5xx and 429 a few times with growing waits', () => {
    expect(retryProfile(0, { status: 401 })).toBe(false);
    expect(retryProfile(0, { status: 503 })).toBe(true);
    expect(retryProfile(1, { status: 429 })).toBe(true);
    expect(retryProfile(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryProfile(4, { status: 503 })).toBe(false);
    expect([0, 1, 2, 3].map(profileRetryDelay)).toEqual([1000, 2000, 4000, 8000]);
  });
});
