import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@kit/api';
import { userKeys } from '../../../lib/query-keys';

export interface UpdateUserProfileInput {
  name: string;
  email: string;
  phone: string;
  /** Needed by the server only when the e-mail changes. */
  currentPassword?: string;
}

export const updateUserProfile = (input: UpdateUserProfileInput) => api.put<{ user: Record<string, unknown> }>('/user/profile', input);

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUserProfile, onSuccess: () => refreshQueries(queryClient, { queryKey: userKeys.all }) });
}
