import { useMutation } from '@tanstack/react-query';
import { api } from '@kit/api';

interface Answer {
  success: boolean;
  message?: string;
}

/** POST /auth/forgot-password: the same answer whether or not an account holds the address. */
export const forgotPassword = (email: string) => api.post<Answer>('/auth/forgot-password', { email });
/** POST /auth/reset-password with the token of the mailed link; ends every session of the account. */
export const resetPassword = (input: { token: string; password: string }) => api.post<Answer>('/auth/reset-password', input);
/** POST /auth/verify-email with the token of the mailed link. */
export const verifyEmail = (token: string) => api.post<Answer>('/auth/verify-email', { token });
/** POST /auth/verify-email/resend: a new verification link to the signed-in shopper's address. */
export const resendVerification = () => api.post<Answer>('/auth/verify-email/resend');

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
