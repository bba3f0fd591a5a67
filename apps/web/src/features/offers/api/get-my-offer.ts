import type { MyOffer } from '@parade/core/offer-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { OFFERS_QUERY_ROOT } from './get-shop-offers';

const myOfferReply = lazySchema(() => import('@parade/core/offer-schemas').then((m) => m.myOfferSchema));

export type { MyOffer };

export const getMyOffer = (slug: string, qr: string, offerId: number | undefined, signal?: AbortSignal) =>
  apiData(`vendor-offers/vendor/${encodeURIComponent(slug)}/my-offer`, {
    query: { qr, offer: offerId },
    signal,
    schema: myOfferReply,
  });

export const getMyOfferQueryOptions = (slug: string, qr: string, offerId: number | undefined, userId: number | null) =>
  queryOptions({
    queryKey: [...OFFERS_QUERY_ROOT, 'my-offer', slug, qr, offerId ?? null, userId],
    queryFn: ({ signal }) => getMyOffer(slug, qr, offerId, signal),
    enabled: slug !== '' && qr !== '',
    // A scan is counted by the server on each call: do not ask again just because the tab regained focus.
    staleTime: 5 * 60_000,
  });

/**
 * GET vendor-offers/vendor/{slug}/my-offer?qr={code}: the shop and the offers its scanned code
 * unlocks (QR-only ones included). An unknown or replaced code answers 404 (`qr_code_invalid`).
 * `offerId` is the offer of a per-offer code (`...&offer={id}`), passed on as scanned.
 */
export const useMyOffer = (slug: string, qr: string, offerId?: number) =>
  useQuery(getMyOfferQueryOptions(slug, qr, offerId, useCurrentUserId()));
