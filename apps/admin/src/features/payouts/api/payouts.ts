import { paginated } from '@parade/core/envelope';
import {
  payoutAccountSchema,
  payoutOnboardingSchema,
  payoutRunDetailSchema,
  payoutRunSchema,
} from '@parade/core/payout-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

const vendorRoot = ['vendor', 'payouts'] as const;
const adminRoot = ['admin', 'payouts'] as const;

/** GET vendor/payouts/account: the shop's payout status (kept in step by Stripe's webhook). */
export const usePayoutAccount = () =>
  useQuery({
    queryKey: [...vendorRoot, 'account'],
    queryFn: ({ signal }) => apiData('vendor/payouts/account', payoutAccountSchema, { signal }),
  });

/** POST vendor/payouts/onboarding: a fresh link to Stripe's onboarding (the account is made the first time). */
export const useStartOnboarding = () =>
  useMutation({
    mutationFn: () => apiData('vendor/payouts/onboarding', payoutOnboardingSchema, { method: 'POST' }),
  });

/** GET admin/payouts/runs?page: newest first. */
export const usePayoutRuns = (page: number) =>
  useQuery({
    queryKey: [...adminRoot, 'runs', page],
    queryFn: ({ signal }) => apiData('admin/payouts/runs', paginated(payoutRunSchema), { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET admin/payouts/runs/{id}: the run and every transfer of it. */
export const usePayoutRun = (runId: number) =>
  useQuery({
    queryKey: [...adminRoot, 'run', runId],
    queryFn: ({ signal }) => apiData(`admin/payouts/runs/${runId}`, payoutRunDetailSchema, { signal }),
    enabled: Number.isInteger(runId) && runId > 0,
  });

/** POST admin/payouts/run: decides and sends one run; answers it with its transfers. */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiData('admin/payouts/run', payoutRunDetailSchema, { method: 'POST' }),
    onSuccess: (detail) => {
      queryClient.setQueryData([...adminRoot, 'run', detail.run.id], detail);
      return queryClient.invalidateQueries({ queryKey: [...adminRoot, 'runs'] });
    },
  });
}
