import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_ROOT } from '../../../lib/query-keys';
import { toCarousel, type Carousel } from './carousel';

export const carouselsQueryKey = [...ADMIN_ROOT, 'carousels'] as const;

export async function getCarousels(): Promise<Carousel[]> {
  const body = await apiRequest<{ carousels?: Record<string, any>[] }>('/carousels/admin/all');
  return (body.carousels ?? []).map(toCarousel);
}

export const carouselsQueryOptions = () => queryOptions({ queryKey: carouselsQueryKey, queryFn: getCarousels });
export const useCarousels = () => useQuery(carouselsQueryOptions());
