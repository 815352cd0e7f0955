import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { gstKeys } from '../../../lib/query-keys';

export type CategoryDefault = { category: string; hsn: string; rate: number };
type Answer = { defaults: CategoryDefault[]; slabs: number[] };

/** GET /admin/gst/category-defaults: the HSN and rate a product without its own takes, per category, and the slabs. */
export const getCategoryDefaults = () => apiRequest<Answer>('/admin/gst/category-defaults');

/** PUT /admin/gst/category-defaults: changes one category's default (the server checks HSN digits and the slabs). */
export const saveCategoryDefault = (body: { category: string; hsn: string; rate: string }) =>
  apiRequest<Answer>('/admin/gst/category-defaults', { method: 'PUT', body });

export const categoryDefaultsQueryOptions = () => queryOptions({ queryKey: gstKeys.categoryDefaults(), queryFn: getCategoryDefaults });
export const useCategoryDefaults = () => useQuery(categoryDefaultsQueryOptions());
export function useSaveCategoryDefault() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCategoryDefault, onSuccess: (answer) => queryClient.setQueryData(gstKeys.categoryDefaults(), answer) });
}
