import type { CreateReturnBody } from '@parade/core/return-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { returnsQueryKey } from './get-returns';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const createReturnBodySchema = lazySchema(() =>
  import('@parade/core/return-schemas').then((m) => m.createReturnBodySchema),
);
const createReturnPayloadReply = lazySchema(() =>
  import('@parade/core/return-schemas').then((m) => m.createReturnPayloadSchema),
);

export const createReturn = (input: CreateReturnBody) =>
  apiData('user/order-return', { method: 'POST', body: input, schema: createReturnPayloadReply }).then(
    (payload) => payload.return,
  );

/** POST user/order-return; refreshes the returns list and what is left to return on the order. */
export function useCreateReturn() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey(userId) }),
  });
}
