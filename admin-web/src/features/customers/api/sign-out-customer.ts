import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';

/** Ends every session of the customer (POST /api/admin/users/{id}/sign-out). */
export const signOutCustomer = (id: string) => apiRequest<{ message: string }>(`/admin/users/${encodeURIComponent(id)}/sign-out`, { method: 'POST' });

export const useSignOutCustomer = () => useMutation({ mutationFn: signOutCustomer });
