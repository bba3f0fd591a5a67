/**
 * The wire shapes of payouts through Stripe Connect (api-contract.md, "Money";
 * docs/decisions/031). Pence throughout.
 */
import { z } from 'zod';
import { pageQuerySchema, wholeNumber } from './catalog-schemas';

/** POST vendor/payouts/onboarding: where to send the shopkeeper (Stripe's hosted onboarding, valid a few minutes). */
export const payoutOnboardingSchema = z.object({ url: z.string() });

/**
 * A shop's payout status (GET vendor/payouts/account): `not_started` (no Stripe account yet),
 * `in_progress` (an account, but Stripe cannot pay it yet), `ready` (payouts enabled: the next
 * run pays it). `requirements_due` is what Stripe still asks for (its own field names).
 */
export const payoutAccountStates = ['not_started', 'in_progress', 'ready'] as const;
export const payoutAccountSchema = z.object({
  state: z.enum(payoutAccountStates),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
  requirements_due: z.array(z.string()),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutTransferStatuses = ['pending', 'paid', 'failed', 'skipped'] as const;
export type PayoutTransferStatus = (typeof payoutTransferStatuses)[number];

/** One shop's part of a run: paid (Stripe's transfer id), pending (not yet answered), failed or skipped (why). */
export const payoutTransferSchema = z.object({
  id: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  amount: z.number().int(),
  status: z.enum(payoutTransferStatuses),
  reason: z.string().nullable(),
  destination: z.string().nullable(),
  stripe_transfer_id: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PayoutTransfer = z.infer<typeof payoutTransferSchema>;

/** A run with the count and sum of its transfers by status. */
export const payoutRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'finished']),
  started_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  paid: z.object({ count: z.number().int(), amount: z.number().int() }),
  pending: z.object({ count: z.number().int(), amount: z.number().int() }),
  failed: z.object({ count: z.number().int(), amount: z.number().int() }),
  skipped: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

/** POST admin/payouts/run and GET admin/payouts/runs/{id}: the run and every transfer of it. */
export const payoutRunDetailSchema = z.object({
  run: payoutRunSchema,
  transfers: z.array(payoutTransferSchema),
});
export type PayoutRunDetail = z.infer<typeof payoutRunDetailSchema>;

/** GET admin/payouts/runs?page: newest first, 20 a page. */
/** GET admin/payouts/runs?page&per_page (1-100, default 20), as every admin list. */
export const payoutRunsQuerySchema = z.object({
  page: pageQuerySchema.optional(),
  per_page: wholeNumber(1, 100).optional(),
});
export const PAYOUT_RUNS_PER_PAGE = 20;

/** A transfer's status in words, for the admin's Payouts page. */
export const payoutTransferStatusLabels: Record<PayoutTransferStatus, string> = {
  pending: 'Sending',
  paid: 'Paid',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** What Stripe still asks for, in words (its `requirements.currently_due` names), for the shopkeeper. */
export function payoutRequirementLabel(requirement: string): string {
  const known: Record<string, string> = {
    external_account: 'A bank account to pay into',
    'business_profile.url': "Your business's website",
    'business_profile.mcc': 'What your business sells',
    business_type: 'Your type of business',
    'tos_acceptance.date': "Acceptance of Stripe's terms",
    'tos_acceptance.ip': "Acceptance of Stripe's terms",
  };
  if (known[requirement]) return known[requirement];
  const words = requirement.split('.').pop()!.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
