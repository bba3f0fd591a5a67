import {
  managedReviewSchema,
  type reviewHideInputSchema,
  type reviewReplyInputSchema,
} from '@parade/core/review-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData } from '@/lib/api-client';
import { type ReviewArea, reviewsQueryRoot } from './get-reviews';

export type ReplyInput = z.input<typeof reviewReplyInputSchema>;
export type HideInput = z.input<typeof reviewHideInputSchema>;

/**
 * Every answer is the review as it now stands; the lists fetch again (a replied or hidden review
 * may leave the filtered page). A refusal refreshes them too: a 409 means the list was stale.
 */
function useRefreshLists(area: ReviewArea) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [...reviewsQueryRoot(area), 'list'] });
}

/** POST vendor/reviews/{id}/reply {body}: the shop's one reply, shown under the review and mailed to its author. */
export function useReplyToReview() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReplyInput }) =>
      apiData(`vendor/reviews/${id}/reply`, managedReviewSchema, { method: 'POST', body }),
    onSettled: useRefreshLists('vendor'),
  });
}

/** POST admin/reviews/{id}/hide {reason}: off the product page and the ratings; the author is mailed the reason. */
export function useHideReview() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: HideInput }) =>
      apiData(`admin/reviews/${id}/hide`, managedReviewSchema, { method: 'POST', body }),
    onSettled: useRefreshLists('admin'),
  });
}

/** POST admin/reviews/{id}/show: a hidden review shows and counts again. */
export function useShowReview() {
  return useMutation({
    mutationFn: (id: number) => apiData(`admin/reviews/${id}/show`, managedReviewSchema, { method: 'POST' }),
    onSettled: useRefreshLists('admin'),
  });
}
