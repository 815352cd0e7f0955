import { apiRequest, clearToken, getToken } from '../../../lib/api-client';

/** Ends this token's session on the server first (it stops working everywhere), then forgets it and leaves for the store. */
export async function signOut(): Promise<void> {
  if (getToken()) await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
  clearToken();
  window.location.assign('/');
}
