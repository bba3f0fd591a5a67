import { qrInfoSchema } from '@parade/core/offer-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { qrInfoQueryKey } from './get-qr-code';

/**
 * POST vendor-offers/vendor/qr-code/generate (the live code, or a new one when there is none)
 * or .../regenerate (a new code; the old one stops working at once). The answer is the code
 * the info call would now give, so it replaces the cached one.
 */
export function useChangeQrCode(action: 'generate' | 'regenerate') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiData(`vendor-offers/vendor/qr-code/${action}`, qrInfoSchema, { method: 'POST' }),
    onSuccess: (info) => queryClient.setQueryData(qrInfoQueryKey, info),
  });
}
