import type { Paginated } from '@parade/core/envelope';
import { type VendorClaim, type VendorClaimListQuery, vendorClaimListSchema } from '@parade/core/offer-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const claimsQueryRoot = ['vendor', 'claims'] as const;

/**
 * GET vendor-offers/vendor/claims?status&offer_id&from&to&search&page: the shop's claims, 15 a
 * page, newest first; `search` matches the claim code (what the customer shows at the till), the
 * customer and the offer's title. Reshaped from the spec's `{data, pagination}` to the paginator
 * the merchant tables read.
 */
export const getClaimsQueryOptions = (query: VendorClaimListQuery) =>
  queryOptions({
    queryKey: [...claimsQueryRoot, 'list', query],
    queryFn: async ({ signal }): Promise<Paginated<VendorClaim>> => {
      const { data, pagination } = await apiData('vendor-offers/vendor/claims', vendorClaimListSchema, {
        query: query as Record<string, QueryValue>,
        signal,
      });
      return { data, ...pagination };
    },
    placeholderData: keepPreviousData,
  });

export const useClaims = (query: VendorClaimListQuery) => useQuery(getClaimsQueryOptions(query));
