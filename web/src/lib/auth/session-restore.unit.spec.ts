import { describe, expect, it } from 'vitest';
import { ApiError, sessionRetryDelayMs } from '@kit/api';
import { readLastUser, restoreSession, writeLastUser } from './session-restore';
import { normalizeUser, type User } from './types';

const asha = normalizeUser({ id: 'u1', email: 'asha@example.in', full_name: 'Asha Verma', city: 'Pune' });

/** Runs restoreSession against a scripted series of profile answers; waiting is instant and recorded. */
async function restoreWith(answers: (User | Error)[]) {
  const calls = { users: [] as User[], rejected: 0, waits: [] as number[], attempts: 0 };
  await restoreSession({
    fetchProfile: async () => {
      const next = answers[calls.attempts++];
      if (!next) throw new Error('script ran out');
      if (next instanceof Error) throw next;
      return next;
    },
    onUser: (user) => calls.users.push(user),
    onRejected: () => calls.rejected++,
    wait: async (ms) => void calls.waits.push(ms),
    isCancelled: () => calls.attempts > 20,
  });
  return calls;
}

describe('restoring a session at start', () => {
  it('a 401 is the only answer that signs the shopper out', async () => {
    const calls = await restoreWith([new ApiError('Invalid or expired token', 401)]);
    expect(calls).toMatchObject({ rejected: 1, users: [], waits: [] });
  });

  it('network errors, 5xx, 429 and aborted requests keep the session and retry with back-off until the profile answers', async () => {
    const aborted = new DOMException('The user aborted a request.', 'AbortError');
    const calls = await restoreWith([
      new TypeError('Failed to fetch'),
      new ApiError('HTTP error! status: 503', 503),
      new ApiError('Too many requests', 429, '10'),
      aborted,
      new ApiError('HTTP error! status: 500', 500),
      asha,
    ]);
    expect(calls.rejected).toBe(0);
    expect(calls.users).toEqual([asha]);
    expect(calls.waits).toEqual([1000, 2000, 10_000, 8000, 16_000]);
  });

  it('back-off grows to 30 s and stays there', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => sessionRetryDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('remembers the last known user for the next start, and forgets it at sign-out', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    } as Storage;
    expect(readLastUser(storage)).toBeNull();
    writeLastUser(asha, storage);
    expect(readLastUser(storage)).toEqual(asha);
    writeLastUser(null, storage);
    expect(readLastUser(storage)).toBeNull();
    data.set('auth_user', '{broken');
    expect(readLastUser(storage)).toBeNull();
  });
});
