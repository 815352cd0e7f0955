import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { toCarousel, type Carousel } from './carousel';
import { carouselKeys } from '../../../lib/query-keys';

export async function getCarousels(): Promise<Carousel[]> {
  const body = await apiRequest<{ carousels?: Record<string, any>[] }>('/carousels/admin/all');
  return (body.carousels ?? []).map(toCarousel);
}

export const carouselsQueryOptions = () => queryOptions({ queryKey: carouselKeys.all, queryFn: getCarousels });
export const useCarousels = () => useQuery(carouselsQueryOptions());
