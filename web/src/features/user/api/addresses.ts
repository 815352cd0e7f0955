import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@kit/api';
import { toServerAddress, type Address } from '../../../lib/profile/types';
import { userKeys } from '../../../lib/query-keys';

export const createAddress = (address: Omit<Address, 'id'>) => api.post<{ success: boolean }>('/user/addresses', toServerAddress(address));
export const updateAddress = (address: Address) => api.put<{ success: boolean }>(`/user/addresses/${encodeURIComponent(address.id)}`, toServerAddress(address));
export const deleteAddress = (id: string) => api.delete<{ success: boolean }>(`/user/addresses/${encodeURIComponent(id)}`);

function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () => refreshQueries(queryClient, { queryKey: userKeys.profile() });
}

export const useCreateAddress = () => useMutation({ mutationFn: createAddress, onSuccess: useInvalidateProfile() });
export const useUpdateAddress = () => useMutation({ mutationFn: updateAddress, onSuccess: useInvalidateProfile() });
export const useDeleteAddress = () => useMutation({ mutationFn: deleteAddress, onSuccess: useInvalidateProfile() });
