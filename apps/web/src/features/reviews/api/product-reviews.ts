import type { Review, ReviewSort } from '@parade/core/review-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { preload } from '@/lib/preload';
import { requestScope } from '@/lib/request-scope';

/**
 * A product's public reviews. Apart from the customer's own review calls (reviews.ts): the route
 * loaders import this, and they are in the storefront's first load, which must not carry the
 * writes' mutation code (decision 039).
 */
export type { Review, ReviewSort };

const reviewPage = lazySchema(async () => {
  const [{ paginated }, { reviewSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/review-schemas'),
  ]);
  return paginated(reviewSchema);
});
/** GET products/{id}/reviews: a product's visible reviews, public (the server renders the first page). */
export const getProductReviewsQueryOptions = (productId: number, page = 1, sort: ReviewSort = 'newest') =>
  queryOptions({
    queryKey: ['catalog', 'reviews', productId, page, sort],
    queryFn: ({ signal }) =>
      apiData(`products/${productId}/reviews`, { query: { page, sort }, signal, schema: reviewPage }),
    placeholderData: keepPreviousData,
  });

export const useProductReviews = (productId: number, page: number, sort: ReviewSort) =>
  useQuery(getProductReviewsQueryOptions(productId, page, sort));

/** The first page of a product's reviews for its loader: waited for on the server only. */
export async function preloadReviews(productId: number): Promise<void> {
  const loading = preload(getProductReviewsQueryOptions(productId));
  if (requestScope()) await loading;
}
