import { type CreateReturnBody, createReturnBodySchema, createReturnPayloadSchema } from '@parade/core/return-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useCurrentUserId } from '@/lib/session-store';
import { returnsQueryKey } from './get-returns';

export { createReturnBodySchema };

export const createReturn = (input: CreateReturnBody) =>
  apiData('user/order-return', { method: 'POST', body: input, schema: createReturnPayloadSchema }).then(
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
