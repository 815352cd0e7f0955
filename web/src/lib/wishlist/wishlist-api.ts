import { api } from '@kit/api';

export const addToServerWishlist = (productId: string) => api.post<{ success: boolean }>('/user/wishlist', { productId });
export const removeFromServerWishlist = (productId: string) => api.delete<{ success: boolean }>(`/user/wishlist/${encodeURIComponent(productId)}`);
/** Sign-in merge: the guest's local list joins the server's. */
export const mergeServerWishlist = (productIds: string[]) => api.post<{ success: boolean }>('/user/wishlist/merge', { productIds });
