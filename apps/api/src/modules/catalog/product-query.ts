import { sortByValues } from '@parade/core/catalog';
import { z } from 'zod';
import { wholeNumber } from '../../lib/query-params';
import type { ProductFilters, ProductSort } from './product-cards';
import { PRODUCTS_MAX_PER_PAGE, PRODUCTS_PER_PAGE, type ProductListRequest } from './products.service';

const slug = z
  .string()
  .trim()
  .min(1)
  .max(160)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, 'Must be a slug (letters, digits and hyphens).');

const MAX_PRICE = 100_000_000;

/** Filters, sort and paging common to /products and /shop/{slug}/product. */
const listParams = {
  sort_by: z.enum(sortByValues, { error: `Must be one of: ${sortByValues.join(', ')}.` }).optional(),
  sort_high: z.enum(['0', '1'], { error: 'Must be 0 or 1.' }).optional(),
  sub: slug.optional(),
  brand: slug.optional(),
  search: z.string().trim().max(100).optional(),
  min_price: wholeNumber(0, MAX_PRICE).optional(),
  max_price: wholeNumber(0, MAX_PRICE).optional(),
  page: wholeNumber(1, 100_000).optional(),
  per_page: wholeNumber(1, PRODUCTS_MAX_PER_PAGE).optional(),
};

function minNotAboveMax(
  query: { min_price?: number | undefined; max_price?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
    ctx.addIssue({
      code: 'custom',
      path: ['min_price'],
      message: 'The minimum price must not be above the maximum price.',
    });
  }
}

/** GET /products: `category` is a list of category slugs. */
export const productListQuery = z
  .object({
    ...listParams,
    category: z.array(slug).max(50).optional(),
    shop: slug.optional(),
  })
  .superRefine(minNotAboveMax);

/** GET /shop/{slug}/product: the same filters, with a single `category` and `brand`. */
export const shopProductListQuery = z
  .object({
    ...listParams,
    category: slug.optional(),
  })
  .superRefine(minNotAboveMax);

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
