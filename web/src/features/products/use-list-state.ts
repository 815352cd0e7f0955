import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { ProductPage } from './api/product-page';
import { searchParamsFromListState, type ProductListState } from './list-state';

const OWNED = ['q', 'priceRange', 'sort', 'page', 'view'];

/**
 * A listing page's state lives in its URL: read with the page's pure `…ListState(params)` function, written back as
 * `?q=…&priceRange=…&sort=…&page=…`. Filter, sort and page changes add a history entry (Back undoes them); typing in
 * the search box replaces the current one.
 */
export function useListState(fromParams: (params: URLSearchParams) => ProductListState) {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => fromParams(params), [fromParams, params]);
  const paramsOf = useCallback(
    (next: ProductListState) => {
      // Parameters the listing does not own (e.g. ?debug=performance) stay.
      const merged = new URLSearchParams(params);
      for (const key of OWNED) merged.delete(key);
      for (const [key, value] of searchParamsFromListState(next)) merged.set(key, value);
      return merged;
    },
    [params],
  );
  const setState = useCallback(
    (next: ProductListState, options: { replace?: boolean } = {}) => setParams(paramsOf(next), { replace: options.replace }),
    [paramsOf, setParams],
  );
  const hrefOf = useCallback(
    (next: ProductListState) => {
      const search = paramsOf(next).toString();
      return search ? `${pathname}?${search}` : pathname;
    },
    [paramsOf, pathname],
  );
  return { state, setState, hrefOf };
}

/** A shared link to a page that no longer exists (the list shrank since) lands on the last page instead of an empty one. */
export function useLastPageFallback(
  state: ProductListState,
  setState: (next: ProductListState, options?: { replace?: boolean }) => void,
  result: ProductPage | undefined,
  updating: boolean,
) {
  useEffect(() => {
    if (result && !updating && result.total > 0 && state.page > result.totalPages) setState({ ...state, page: result.totalPages }, { replace: true });
  }, [result, updating, state, setState]);
}
