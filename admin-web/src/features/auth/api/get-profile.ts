import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, profileRetryDelay, retryProfile } from '@kit/api';
import { authKeys } from '../../../lib/query-keys';

export type AdminUser = { id: string; email: string; full_name: string; isAdmin: boolean; role?: string };

export async function getProfile(): Promise<AdminUser> {
  const body = await apiRequest<{ user: AdminUser }>('/auth/profile');
  return body.user;
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: authKeys.profile(), queryFn: getProfile, retry: retryProfile, retryDelay: profileRetryDelay, staleTime: 60_000 });

export const useProfile = (enabled = true) => useQuery({ ...profileQueryOptions(), enabled });
