import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { deliveryKeys } from '../../../lib/query-keys';

/** The courier's answer for a pincode: a date when it delivers there, else the message to show. */
export interface Serviceability {
  serviceable: boolean;
  estimatedDelivery?: string;
  courier?: string;
  message?: string;
}

export const isPincode = (pincode: string) => /^\d{6}$/.test(pincode);

export const getServiceability = (pincode: string, cod: boolean, signal?: AbortSignal) =>
  api.get<Serviceability & { success: boolean }>(`/shipping/serviceability?pincode=${encodeURIComponent(pincode)}&cod=${cod}`, signal);

/** Asked only for a complete pincode; an answer holds for the visit (the server checks again when the order is placed). */
export const serviceabilityQueryOptions = (pincode: string, cod: boolean) =>
  queryOptions({
    queryKey: deliveryKeys.serviceability(pincode, cod),
    queryFn: ({ signal }) => getServiceability(pincode, cod, signal),
    enabled: isPincode(pincode),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useServiceability = (pincode: string, cod: boolean) => useQuery(serviceabilityQueryOptions(pincode, cod));
