import type { OwnReview } from '@parade/core/review-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

export type { OwnReview };

const ownReviewPage = lazySchema(async () => {
  const [{ paginated }, { ownReviewSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/review-schemas'),
  ]);
  return paginated(ownReviewSchema);
});
const ownReviewReply = lazySchema(() => import('@parade/core/review-schemas').then((m) => m.ownReviewSchema));

const ownReviewsKey = (userId: number | null) => userQueryKey(userId, 'reviews');

/** The signed-in customer's reviews of one order (the order page shows each line reviewed or not). */
export const useOrderReviews = (orderId: number, enabled = true) => {
  const userId = useCurrentUserId();
  return useQuery({
    queryKey: [...ownReviewsKey(userId), 'order', orderId],
    queryFn: ({ signal }) => apiData('user/reviews', { query: { order_id: orderId }, signal, schema: ownReviewPage }),
    enabled: enabled && userId !== null && orderId > 0,
  });
};

export interface ReviewInput {
  rating: number;
  body: string;
  /** New photos to send (multipart). */
  photos: File[];
  /** On an edit: the current photo URLs to keep. */
  keepPhotos?: string[];
}

function reviewForm(fields: Record<string, string>, input: ReviewInput): FormData | Record<string, unknown> {
  if (input.photos.length === 0) {
    return {
      ...fields,
      rating: input.rating,
      body: input.body,
      ...(input.keepPhotos ? { keep_photos: input.keepPhotos } : {}),
    };
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('rating', String(input.rating));
  form.append('body', input.body);
  for (const url of input.keepPhotos ?? []) form.append('keep_photos', url);
  for (const photo of input.photos) form.append('photos', photo, photo.name);
  return form;
}

/** Writes, edits and deletes the customer's own review; each refreshes their reviews and the product's. */
export function useReviewWrites() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ownReviewsKey(userId) }),
      queryClient.invalidateQueries({ queryKey: ['catalog'] }),
    ]);
  const create = useMutation({
    mutationFn: (input: ReviewInput & { orderItemId: number }) =>
      apiData('user/reviews', {
        method: 'POST',
        body: reviewForm({ order_item_id: String(input.orderItemId) }, input),
        schema: ownReviewReply,
      }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: (input: ReviewInput & { id: number }) =>
      apiData(`user/reviews/${input.id}`, { method: 'PUT', body: reviewForm({}, input), schema: ownReviewReply }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiData(`user/reviews/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, edit, remove };
}
