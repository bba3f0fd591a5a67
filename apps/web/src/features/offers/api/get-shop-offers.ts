import type { OfferList, PublicOfferStatus } from '@parade/core/offer-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';

const offerListReply = lazySchema(() => import('@parade/core/offer-schemas').then((m) => m.offerListSchema));

export type { OfferList, PublicOfferStatus };

/** The shop page's offer filters (spec section 3: status, featured, search, page), plus which tab. */
export interface ShopOfferFilters {
  /** true on the qr-offers tab (QR-only offers); false on the offers tab, which lists every offer. */
  qrOnly: boolean;
  status?: PublicOfferStatus;
  featured?: boolean;
  search?: string;
  page: number;
}

/** Every offer list and my-offer answer starts with this key, so a claim refreshes their counts. */
export const OFFERS_QUERY_ROOT = ['offers'] as const;

export const getShopOffers = (slug: string, filters: ShopOfferFilters, signal?: AbortSignal) =>
  apiData(`vendor-offers/vendor/${encodeURIComponent(slug)}/offers`, {
    query: {
      qr_only: filters.qrOnly ? 'true' : undefined,
      status: filters.status,
      featured: filters.featured ? 'true' : undefined,
      search: filters.search,
      page: filters.page > 1 ? filters.page : undefined,
    },
    signal,
    schema: offerListReply,
  });

/**
 * The answer says how many more claims the caller may make (`user_claims_left`), so the key
 * holds who asked: signing in or out asks again rather than showing someone else's count.
 */
export const getShopOffersQueryOptions = (slug: string, filters: ShopOfferFilters, userId: number | null) =>
  queryOptions({
    queryKey: [...OFFERS_QUERY_ROOT, 'shop', slug, userId, filters],
    queryFn: ({ signal }) => getShopOffers(slug, filters, signal),
    enabled: slug !== '',
    // The previous page stays on screen while the next loads (same shop, same caller).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === slug && previousQuery.queryKey[3] === userId
        ? keepPreviousData(previous)
        : undefined,
  });

/** GET vendor-offers/vendor/{slug}/offers: one shop's offers, newest first, 15 a page. */
export const useShopOffers = (slug: string, filters: ShopOfferFilters) =>
  useQuery(getShopOffersQueryOptions(slug, filters, useCurrentUserId()));
