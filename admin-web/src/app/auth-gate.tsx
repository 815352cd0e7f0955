import { useEffect, type ReactNode } from 'react';
import { getToken } from '@kit/api';
import { useProfile } from '../features/auth/api/get-profile';
import { AdminContext } from './admin-context';

/** No token: to the storefront's /login. A signed-in non-admin: to / (full page navigation). */
export function AuthGate({ children }: { children: ReactNode }) {
  const hasToken = Boolean(getToken());
  const { data: user, error } = useProfile(hasToken);
  const status = (error as { status?: number } | null)?.status;
  useEffect(() => {
    if (!hasToken || status === 401) window.location.assign('/login');
    else if (user && !user.isAdmin) window.location.assign('/');
  }, [hasToken, status, user]);
  if (error && status !== 401) {
    return (
      <div className="loading-screen">
        <p>Could not check your account: {(error as Error).message}</p>
        <button className="btn btn-primary btn-md" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (!hasToken || !user || !user.isAdmin) return <div className="loading-screen">Loading admin dashboard...</div>;
  return <AdminContext.Provider value={user}>{children}</AdminContext.Provider>;
}
