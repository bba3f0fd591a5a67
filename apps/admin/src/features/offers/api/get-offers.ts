import type { Paginated } from '@parade/core/envelope';
import { type Offer, offerListSchema, type VendorOfferListQuery } from '@parade/core/offer-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const offersQueryRoot = ['vendor', 'offers'] as const;

/**
 * GET vendor-offers/vendor/offers?status&search&page: every offer of the shop, 15 a page. The
 * wire shape is the spec's `{offers, pagination}`; the merchant tables read the paginator shape
 * every other list answers, so it is reshaped here, once.
 */
export const getOffersQueryOptions = (query: VendorOfferListQuery) =>
  queryOptions({
    queryKey: [...offersQueryRoot, 'list', query],
    queryFn: async ({ signal }): Promise<Paginated<Offer>> => {
      const { offers, pagination } = await apiData('vendor-offers/vendor/offers', offerListSchema, {
        query: query as Record<string, QueryValue>,
        signal,
      });
      return { data: offers, ...pagination };
    },
    placeholderData: keepPreviousData,
  });

export const useOffers = (query: VendorOfferListQuery) => useQuery(getOffersQueryOptions(query));

/**
 * Every offer of the shop for a filter select (the claims inbox): the first pages, newest first.
 * A shop with more than a few dozen offers still gets the newest ones; the search box covers the rest.
 */
export const useOfferOptions = () =>
  useQuery({
    queryKey: [...offersQueryRoot, 'options'],
    queryFn: async ({ signal }) => {
      const first = await apiData('vendor-offers/vendor/offers', offerListSchema, { signal });
      const rest = await Promise.all(
        Array.from({ length: Math.min(first.pagination.last_page, 4) - 1 }, (_, i) =>
          apiData('vendor-offers/vendor/offers', offerListSchema, { query: { page: i + 2 }, signal }),
        ),
      );
      return [first, ...rest].flatMap((page) => page.offers.map((o) => ({ value: String(o.id), label: o.title })));
    },
  });
