import {
  type LedgerAdjustment,
  ledgerEntrySchema,
  shopCommissionPayloadSchema,
  vendorBalanceSchema,
} from '@parade/core/money-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

const root = (shopId: number) => ['admin', 'shops', shopId, 'money'] as const;

/** GET admin/shops/{id}/balance: the shop's pending, available and paid out, as it sees them. */
export const useShopBalance = (shopId: number) =>
  useQuery({
    queryKey: [...root(shopId), 'balance'],
    queryFn: ({ signal }) => apiData(`admin/shops/${shopId}/balance`, vendorBalanceSchema, { signal }),
  });

/** GET admin/shops/{id}/commission: the shop's own rate (null: the platform's) and the one it is charged. */
export const useShopCommission = (shopId: number) =>
  useQuery({
    queryKey: [...root(shopId), 'commission'],
    queryFn: ({ signal }) => apiData(`admin/shops/${shopId}/commission`, shopCommissionPayloadSchema, { signal }),
  });

/** PUT admin/shops/{id}/commission: a rate for the shop's new orders, or null for the platform's. */
export function useSetShopCommission(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commission_rate: number | null) =>
      apiData(`admin/shops/${shopId}/commission`, shopCommissionPayloadSchema, {
        method: 'PUT',
        body: { commission_rate },
      }),
    onSuccess: (saved) => queryClient.setQueryData([...root(shopId), 'commission'], saved),
  });
}

/** POST admin/shops/{id}/ledger-adjustments: a correction either way, with its reason. */
export function useAdjustShopBalance(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LedgerAdjustment) =>
      apiData(`admin/shops/${shopId}/ledger-adjustments`, z.object({ entry: ledgerEntrySchema }), {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root(shopId) }),
  });
}
