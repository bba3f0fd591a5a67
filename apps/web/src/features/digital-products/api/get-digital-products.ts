import type { DigitalProduct } from '@parade/core/digital-product-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

/** One page of the customer's digital products, as the shared contract describes it. */
const digitalProductPageSchema = lazySchema(async () => {
  const [{ paginated }, { digitalProductSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/digital-product-schemas'),
  ]);
  return paginated(digitalProductSchema);
});

export type { DigitalProduct };

export const getDigitalProducts = (page: number, signal?: AbortSignal) =>
  apiData('user/digital-products', { query: { page }, signal, schema: digitalProductPageSchema });

export const getDigitalProductsQueryOptions = (userId: number | null, page: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'digital-products', page),
    queryFn: ({ signal }) => getDigitalProducts(page, signal),
    enabled: userId !== null,
    // Each answer carries download links that expire (ten minutes by default): never keep one
    // long, and the Download button fetches afresh when its link is about to expire.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    // The previous page stays on screen while the next loads, but never another user's list.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? keepPreviousData(previous) : undefined,
  });

/** The signed-in customer's digital products, one page at a time. */
export const useDigitalProducts = (page: number) => useQuery(getDigitalProductsQueryOptions(useCurrentUserId(), page));
