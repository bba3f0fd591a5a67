import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ProductListParams, productListUrlQuery, readProductListParams } from '@/lib/product-list-params';

/**
 * The product list's filters, read from and written to the URL. Any change other than the
 * page goes back to page 1. Filter changes keep the scroll position; a new page scrolls up.
 */
export function useProductListParams(): [ProductListParams, (changes: Partial<ProductListParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readProductListParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<ProductListParams>) => {
      // Start from the address bar, not this render's copy: the router commits a URL change in a
      // transition, so a control used straight after another change could still hold the old one.
      const current = readProductListParams(new URLSearchParams(window.location.search));
      const next: ProductListParams = { ...current, ...changes, page: changes.page ?? 1 };
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(productListUrlQuery(next))) if (value) query[key] = value;
      setSearchParams(query, { preventScrollReset: changes.page === undefined });
    },
    [setSearchParams],
  );
  return [params, update];
}
