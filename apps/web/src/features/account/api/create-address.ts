import type { AddressInput } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

const addressPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.addressPayloadSchema));
/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const addressSchema = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.addressSchema));

export const createAddress = (input: AddressInput) =>
  apiData('user/address', { method: 'POST', body: input, schema: addressPayloadReply });

export function useCreateAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
