import { api } from '@kit/api';

/** Ends this token's session on the server (POST /api/auth/logout). */
export const logout = () => api.post<{ success: boolean }>('/auth/logout', {});
