import { apiRequest, clearToken, getToken } from '@kit/api';

let signingOut = false;
/** True once Sign out was clicked: the feed the server closes meanwhile must not send the user to /login instead. */
export const isSigningOut = () => signingOut;

/** Ends this token's session on the server first (it stops working everywhere), then forgets it and leaves for the store. */
export async function signOut(): Promise<void> {
  signingOut = true;
  if (getToken()) await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
  clearToken();
  window.location.assign('/');
}
