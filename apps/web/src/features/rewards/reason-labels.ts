import type { RewardReason } from '@parade/core/enums';

/** Why a balance changed, in words (the ledger's `reason`). */
export const rewardReasonLabels: Record<RewardReason, string> = {
  order_delivered: 'Earned on a delivered order',
  checkout: 'Spent at checkout',
  order_cancelled: 'Given back: order cancelled',
  offer_claim: 'Earned from an offer',
  adjustment: 'Balance adjustment',
};
