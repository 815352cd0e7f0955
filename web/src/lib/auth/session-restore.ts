import { isAuthFailure, sessionRetryDelayMs } from '@kit/api';
import { normalizeUser, type User } from './types';

/**
 * Restoring a session at start (see docs/decisions/0004-sessions-and-retries.md): only a 401 to the profile call means the token is no good. Any other
 * failure (network, 5xx, 429, an aborted request) keeps the token and the last known user, and asks again later
 * (shared-web/api/retry.ts: 1 s, 2 s, 4 s … up to 30 s, a 429's Retry-After when longer).
 */
export const LAST_USER_KEY = 'auth_user';

/** The browser's localStorage; none on the server (web/src/entry-server.tsx), which renders a guest. */
const browserStorage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function readLastUser(storage: Storage | undefined = browserStorage()): User | null {
  if (!storage) return null;
  try {
    const raw = JSON.parse(storage.getItem(LAST_USER_KEY) ?? 'null') as Record<string, unknown> | null;
    return raw && typeof raw.id === 'string' && raw.id ? normalizeUser(raw) : null;
  } catch {
    return null;
  }
}

export function writeLastUser(user: User | null, storage: Storage | undefined = browserStorage()): void {
  if (!storage) return;
  try {
    if (user) storage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else storage.removeItem(LAST_USER_KEY);
  } catch {
    /* storage full or blocked: the user is simply not remembered */
  }
}

interface RestoreOptions {
  fetchProfile(): Promise<User>;
  /** The profile answered: the user as the server knows them now. */
  onUser(user: User): void;
  /** The server refused the token (401): it is gone. */
  onRejected(): void;
  /** Another failure: the token stays and the next attempt follows after `delayMs`. */
  onRetry?(attempt: number, delayMs: number, error: unknown): void;
  wait?(ms: number): Promise<void>;
  isCancelled(): boolean;
}

/** Asks for the profile until it answers or the token is refused; never gives up on a passing failure. */
export async function restoreSession(options: RestoreOptions): Promise<void> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; !options.isCancelled(); attempt++) {
    try {
      const user = await options.fetchProfile();
      if (!options.isCancelled()) options.onUser(user);
      return;
    } catch (error) {
      if (options.isCancelled()) return;
      if (isAuthFailure(error)) {
        options.onRejected();
        return;
      }
      const delayMs = sessionRetryDelayMs(attempt, error);
      options.onRetry?.(attempt, delayMs, error);
      await wait(delayMs);
    }
  }
}
