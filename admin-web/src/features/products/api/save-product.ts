import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export type ProductPayload = {
  name: string;
  category: string;
  price: number;
  stock_quantity: number;
  image: string;
  images: string[];
  description: string;
  powerPoints: number;
  /** Blank (null) takes the category's default; the server checks 4/6/8 digits and the configured slabs. */
  hsn: string | null;
  gst_rate: string | null;
  /** A pre-order ships from its release date (YYYY-MM-DD); the server refuses a date in the past. */
  is_preorder: boolean;
  release_date: string | null;
};

/** POST /admin/products (create) or PUT /admin/products/{id} (update). */
export function saveProduct({ id, product }: { id?: string; product: ProductPayload }) {
  return id
    ? apiRequest<{ success: boolean }>(`/admin/products/${encodeURIComponent(id)}`, { method: 'PUT', body: product })
    : apiRequest<{ success: boolean }>('/admin/products', { method: 'POST', body: product });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProduct, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
