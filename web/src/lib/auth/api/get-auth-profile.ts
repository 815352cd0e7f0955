import { api } from '@kit/api';

export const getAuthProfile = () => api.get<{ success: boolean; user: Record<string, unknown> }>('/auth/profile');
