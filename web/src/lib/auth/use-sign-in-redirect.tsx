import { useRef, type ReactElement } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from './auth-provider';

/**
 * The gate of signed-in pages (Profile, Orders, Checkout): with no user they go to /login (spec), also after a
 * sign-out earlier in this tab. Only the page the shopper signs out on waits instead: the sign-out itself takes
 * them home. Returns what to render instead of the page, or null to render it.
 */
export function useSignInRedirect(): ReactElement | null {
  const { user, loading, signedOut } = useAuth();
  const hadUser = useRef(false);
  if (user) hadUser.current = true;
  if (loading) return <Spinner />;
  if (user) return null;
  if (signedOut && hadUser.current) return <Spinner />;
  return <Navigate to="/login" replace />;
}
