import { useMutation } from '@tanstack/react-query';
import { apiBlob, apiRequest, saveFile } from '@kit/api';

export interface DeleteAccountInput {
  currentPassword: string;
  /** The word DELETE, typed by the shopper. */
  confirm: string;
}

/** DELETE /user/account: erases the shopper's personal data and ends every session. */
export const deleteAccount = (input: DeleteAccountInput) =>
  apiRequest<{ success: boolean; message: string }>('/user/account', { method: 'DELETE', body: input });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });

/** GET /user/data-export saved as my-data.json: profile, consents, addresses, orders, reviews and wishlist. */
export async function downloadMyData(): Promise<void> {
  const { blob } = await apiBlob('/user/data-export');
  saveFile(blob, 'my-data.json');
}
