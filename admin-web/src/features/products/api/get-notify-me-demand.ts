import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { productKeys } from '../../../lib/query-keys';

/** GET /admin/notify-me?productIds=…: how many shoppers wait for each product ('Notify me when available'). */
export const getNotifyMeDemand = (productIds: readonly string[]) =>
  api.get<{ demand?: Record<string, number> }>(`/admin/notify-me?productIds=${productIds.map(encodeURIComponent).join(',')}`).then((body) => body.demand ?? {});

export const notifyMeDemandQueryOptions = (productIds: readonly string[]) =>
  queryOptions({ queryKey: productKeys.demand(productIds), queryFn: () => getNotifyMeDemand(productIds), retry: false, placeholderData: keepPreviousData });

/** The page's products' demand (nothing is asked for an empty page). */
export const useNotifyMeDemand = (productIds: readonly string[]) => useQuery({ ...notifyMeDemandQueryOptions(productIds), enabled: productIds.length > 0 });
