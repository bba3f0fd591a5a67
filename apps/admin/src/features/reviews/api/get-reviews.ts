import { paginated } from '@parade/core/envelope';
import { type managedReviewListQuerySchema, managedReviewSchema } from '@parade/core/review-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData, type QueryValue } from '@/lib/api-client';

/**
 * Whose reviews: a shop's (`vendor/reviews`, the shop taken from the token by the server) or every
 * shop's (`admin/reviews`, which may also filter by shop). Both answer the same shapes, so the
 * hooks and the table take the area instead of being copied (as the tickets do).
 */
export type ReviewArea = 'admin' | 'vendor';

/** page, per_page, search, sort, rating (1-5), replied (0/1), hidden (0/1), shop (admin only). */
export type ReviewListQuery = z.input<typeof managedReviewListQuerySchema>;

export const reviewsQueryRoot = (area: ReviewArea) => [area, 'reviews'] as const;

/** GET {area}/reviews?page&per_page&search&sort&rating&replied&hidden(&shop): newest first. */
export const getReviewsQueryOptions = (query: ReviewListQuery, area: ReviewArea) =>
  queryOptions({
    queryKey: [...reviewsQueryRoot(area), 'list', query],
    queryFn: ({ signal }) =>
      apiData(`${area}/reviews`, paginated(managedReviewSchema), {
        query: query as Record<string, QueryValue>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useReviews = (query: ReviewListQuery, area: ReviewArea) => useQuery(getReviewsQueryOptions(query, area));
