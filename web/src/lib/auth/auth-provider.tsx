import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getToken, onUnauthorized, setToken } from '@kit/api';
import { refreshQueries } from '@kit/query';
import { isHydrating } from '../hydration';
import { getAuthProfile } from './api/get-auth-profile';
import { login as loginCall, type LoginInput } from './api/login';
import { logout as logoutCall } from './api/logout';
import { signup as signupCall, type SignupInput } from './api/signup';
import { readLastUser, restoreSession, writeLastUser } from './session-restore';
import { normalizeUser, type User } from './types';
import { orderKeys, userKeys } from '../query-keys';

interface AuthContextValue {
  user: User | null;
  /** True until the stored token has been checked on start. */
  loading: boolean;
  signIn(input: LoginInput): Promise<User>;
  signUp(input: SignupInput): Promise<User>;
  /** Ends the session on the server (the token stops working everywhere), then forgets it here. */
  signOut(): Promise<void>;
  /** True after an explicit sign-out: signed-in-only pages then go home rather than to /login. */
  signedOut: boolean;
  setUser(user: User): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Every stored cart is cleared at sign-out (cart_guest and cart_{userId}). */
function clearStoredCarts() {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key && key.startsWith('cart_')) localStorage.removeItem(key);
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A signed-in shopper shows as signed in at once, as last known, while the profile call confirms it. While hydrating
  // server HTML (rendered as a guest) the stored token and last known user are looked at in the effect instead.
  const [user, setUserState] = useState<User | null>(() => (!isHydrating() && getToken() ? readLastUser() : null));
  const [loading, setLoading] = useState(() => !isHydrating() && !!getToken() && !readLastUser());
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    if (user) writeLastUser(user);
  }, [user]);

  // A 401 to the token on any call: the kit's client has removed it (see docs/decisions/0004-sessions-and-retries.md); the shopper is signed out here too.
  useEffect(
    () =>
      onUnauthorized(() => {
        writeLastUser(null);
        setUserState(null);
        setLoading(false);
        // Ask again as a guest; a read still under way went out with the refused token (cancelled, not waited for).
        void refreshQueries(queryClient, {});
      }),
    [queryClient],
  );

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    if (isHydrating()) {
      // The server rendered a guest: now show the last known user (or wait for the profile) as a browser start would.
      const last = readLastUser();
      if (last) setUserState((current) => current ?? last);
      else setLoading(true);
    }
    void restoreSession({
      fetchProfile: async () => normalizeUser((await getAuthProfile()).user),
      onUser: (next) => {
        setUserState(next);
        setLoading(false);
      },
      // Only a 401 removes the token (see docs/decisions/0004-sessions-and-retries.md).
      onRejected: () => {
        setToken(null);
        writeLastUser(null);
        setUserState(null);
        setLoading(false);
        // Reads sent with the stale token were refused: ask again as a guest (cancelling any still under way).
        void refreshQueries(queryClient, {});
      },
      onRetry: (attempt, delayMs, error) => console.warn(`Profile check failed (attempt ${attempt}); keeping the session and retrying in ${delayMs} ms`, error),
      isCancelled: () => cancelled,
    });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  const signIn = useCallback(async (input: LoginInput) => {
    const answer = await loginCall(input);
    if (!answer.token) throw new Error('Failed to sign in');
    setToken(answer.token);
    const next = normalizeUser(answer.user);
    setUserState(next);
    setSignedOut(false);
    return next;
  }, []);

  const signUp = useCallback(async (input: SignupInput) => {
    const answer = await signupCall(input);
    if (!answer.token) throw new Error('Failed to create account');
    setToken(answer.token);
    const next = normalizeUser(answer.user);
    setUserState(next);
    setSignedOut(false);
    return next;
  }, []);

  const signOut = useCallback(async () => {
    // The server refuses this token from now on; signing out here happens even when it cannot be reached.
    if (getToken()) await logoutCall().catch(() => undefined);
    setToken(null);
    writeLastUser(null);
    clearStoredCarts();
    setSignedOut(true);
    setUserState(null);
    queryClient.removeQueries({ queryKey: userKeys.all });
    queryClient.removeQueries({ queryKey: orderKeys.all });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, signIn, signUp, signOut, signedOut, setUser: setUserState }),
    [user, loading, signIn, signUp, signOut, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
