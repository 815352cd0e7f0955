import { useMutation } from '@tanstack/react-query';
import { api, setToken } from '@kit/api';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** PUT /auth/change-password: a wrong current password answers 'Current password is incorrect'. */
export async function changePassword(input: ChangePasswordInput) {
  const answer = await api.put<{ success: boolean; message?: string; token?: string }>('/auth/change-password', input);
  // A server that ends older sessions on a password change hands this device a new token.
  if (answer.token) setToken(answer.token);
  return answer;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
