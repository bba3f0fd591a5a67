import {
  type AdminDealInput,
  type AdminDealListQuery,
  adminDealPayloadSchema,
  adminDealSchema,
} from '@parade/core/admin-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const dealsQueryRoot = ['admin', 'deals'] as const;

/** GET admin/deals?page&search&sort: every platform deal, each saying whether /ubm-offers shows it now. */
export function useDeals(query: AdminDealListQuery) {
  return useQuery({
    queryKey: [...dealsQueryRoot, query],
    queryFn: ({ signal }) =>
      apiData('admin/deals', paginated(adminDealSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST admin/deals (id null) or PUT admin/deals/{id}: only the fields sent change. */
export function useSaveDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Partial<AdminDealInput> }) =>
      apiData(id === null ? 'admin/deals' : `admin/deals/${id}`, adminDealPayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }).then((p) => p.deal),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealsQueryRoot }),
  });
}

/** DELETE admin/deals/{id}. */
export function useDeleteDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(`admin/deals/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealsQueryRoot }),
  });
}
