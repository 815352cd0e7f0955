import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { productKeys } from '../../../lib/query-keys';

export const PREORDERS_PER_PAGE = 50;

export type PreorderBook = {
  orders: {
    orderId: string;
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    quantity: number;
    paymentStatus: string;
    status: string;
    releaseDate: string;
    placedAt: string;
  }[];
  totals: { orders: number; units: number; paidUnits: number };
  page: number;
  totalPages: number;
};

/** GET /admin/products/{id}/preorders: who pre-ordered the product, how many, whether they paid. */
export const getPreorderBook = (productId: string, page: number) =>
  apiRequest<PreorderBook>(`/admin/products/${encodeURIComponent(productId)}/preorders?page=${page}&limit=${PREORDERS_PER_PAGE}`);

export const preorderBookQuery = (productId: string, page: number) =>
  queryOptions({ queryKey: productKeys.preorders(productId, page), queryFn: () => getPreorderBook(productId, page) });

export const usePreorderBook = (productId: string | null, page: number) =>
  useQuery({ ...preorderBookQuery(productId ?? '', page), enabled: productId !== null });
