import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** PUT /auth/change-password (DECISIONS §7): a wrong current password answers 'Current password is incorrect'. */
export const changePassword = (input: ChangePasswordInput) => api.put<{ success: boolean; message?: string }>('/auth/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
