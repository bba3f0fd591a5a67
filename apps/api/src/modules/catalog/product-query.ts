import {
  productListQuerySchema as productListQuery,
  shopProductListQuerySchema as shopProductListQuery,
} from '@parade/core/catalog-schemas';
import type { z } from 'zod';
import type { ProductFilters, ProductSort } from './product-cards';
import { PRODUCTS_PER_PAGE, type ProductListRequest } from './products.service';

/** The list queries are the wire contract's (@parade/core/catalog-schemas). */
export { productListQuery, shopProductListQuery };

type ListQuery = z.output<typeof productListQuery> | z.output<typeof shopProductListQuery>;

/** The contract's sort: `sort_by` date|price|best_selling, `sort_high` 1 = descending; default newest first. */
function sortOf(query: ListQuery): ProductSort {
  return { sortBy: query.sort_by ?? 'date', descending: (query.sort_high ?? '1') === '1' };
}

export function toListRequest(query: ListQuery, extra: Partial<ProductFilters> = {}): ProductListRequest {
  const category = query.category;
  const filters: ProductFilters = {
    categories: category === undefined ? undefined : Array.isArray(category) ? category : [category],
    sub: query.sub,
    brand: query.brand,
    shop: 'shop' in query ? query.shop : undefined,
    search: query.search === '' ? undefined : query.search,
    minPrice: query.min_price,
    maxPrice: query.max_price,
    ...extra,
  };
  return { filters, sort: sortOf(query), page: query.page ?? 1, perPage: query.per_page ?? PRODUCTS_PER_PAGE };
}
