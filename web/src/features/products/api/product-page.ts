import { normalizeProduct, type Product, type RawProduct } from '../../../lib/product';

/** One page of a listing as the server answers it (`GET /api/products…`), products normalised for display. */
export interface ProductPage {
  products: Product[];
  /** How many products matched in all, not only on this page. */
  total: number;
  /** `total` is the server's estimate (a broad search): shown as "of about Y". */
  totalApproximate?: true;
  page: number;
  limit: number;
  totalPages: number;
  nextPage: number | null;
}

export interface RawProductPage {
  totalApproximate?: boolean;
  products?: RawProduct[];
  total?: number;
  page?: number;
  limit?: number;
  totalPages?: number;
  nextPage?: number | null;
}

export const emptyProductPage = (page = 1, limit = 0): ProductPage => ({ products: [], total: 0, page, limit, totalPages: 0, nextPage: null });

/** The server's answer as the pages read it; the server renderer fills TanStack's cache with the same shape. */
export function toProductPage(raw: RawProductPage, requested: { page: number; limit: number }): ProductPage {
  const products = (raw.products ?? []).map(normalizeProduct);
  const total = typeof raw.total === 'number' ? raw.total : products.length;
  const limit = typeof raw.limit === 'number' && raw.limit > 0 ? raw.limit : requested.limit;
  const page = typeof raw.page === 'number' ? raw.page : requested.page;
  const totalPages = typeof raw.totalPages === 'number' ? raw.totalPages : Math.ceil(total / limit);
  const nextPage = raw.nextPage !== undefined ? raw.nextPage : page < totalPages ? page + 1 : null;
  return { products, total, ...(raw.totalApproximate === true ? { totalApproximate: true as const } : {}), page, limit, totalPages, nextPage };
}
