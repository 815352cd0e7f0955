import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileRetryDelay, retryProfile } from './profile-retry';

export type AdminUser = { id: string; email: string; full_name: string; isAdmin: boolean; role?: string };

export async function getProfile(): Promise<AdminUser> {
  const body = await apiRequest<{ user: AdminUser }>('/auth/profile');
  return body.user;
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'profile'] as const, queryFn: getProfile, retry: retryProfile, retryDelay: profileRetryDelay, staleTime: 60_000 });

export const useProfile = (enabled = true) => useQuery({ ...profileQueryOptions(), enabled });
