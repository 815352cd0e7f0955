import { api } from '../../../lib/api-client';

export const getAuthProfile = () => api.get<{ success: boolean; user: Record<string, unknown> }>('/auth/profile');
