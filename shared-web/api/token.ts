/** The bearer token both apps share (one origin, one localStorage key). */
export const TOKEN_KEY = 'auth_token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // no storage (server renderer, blocked storage): a guest
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to keep or clear
  }
}

export const clearToken = (): void => setToken(null);

export function authHeaders(token: string | null = getToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called after a 401 answered a request that carried the stored token, once the token is gone. Returns the unsubscribe. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * A token is removed only when the server answers 401 to it. A token stored since (a new sign-in while
 * the old request was in flight) is kept.
 */
export function tokenRefused(sent: string | null): void {
  if (!sent || getToken() !== sent) return;
  clearToken();
  for (const listener of [...unauthorizedListeners]) listener();
}
